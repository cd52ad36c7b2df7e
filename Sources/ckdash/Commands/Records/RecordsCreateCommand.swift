import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash records create`: a new record with the given fields.
struct RecordsCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a record.",
        discussion: "Values are read as the schema's field types; a field the schema does not have is guessed as cktool does.")

    @Option(help: ArgumentHelp("The record type.", valueName: "type"))
    var type: String

    @Option(help: ArgumentHelp("The record's name (the server picks one when absent).", valueName: "name"))
    var name: String?

    @Option(name: .customLong("field"), help: ArgumentHelp("A field's value (repeatable).", valueName: "name=value"))
    var fields: [String] = []

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            let recordType = try await SchemaRecordTypes.recordType(named: type, client: client, settings: settings)
            let record = Record(recordName: name, recordType: type, fields: try FieldAssignments.fields(fields, typed: recordType))
            let saved = try await client.modifyRecords([RecordOperation(.create, record)], in: zone)
            RecordOutput.show([try saved[0].get()], json: records.json)
        }
    }
}
