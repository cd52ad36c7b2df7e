import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash records update NAME`: set and remove fields of a record, saved only over the version read. Setting
/// fields sends only those (an `update`); removing one sends the others back (a `replace`), the files of ASSET
/// fields referenced again so that they stay.
struct RecordsUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Set or remove fields of a record.",
        discussion: """
            Reads the record and saves it with its change tag, so a change made by someone else meanwhile is \
            reported as a conflict (with the server's change tag) instead of being overwritten. With \
            --if-change-tag, the save is made over that version instead: a script that read the record earlier \
            updates it only if it has not changed since.
            """)

    @Argument(help: "The record's name.")
    var name: String

    @Option(name: .customLong("field"), help: ArgumentHelp("A field's new value (repeatable).", valueName: "name=value"))
    var fields: [String] = []

    @Option(name: .customLong("remove-field"), help: ArgumentHelp("A field to remove (repeatable).", valueName: "field"))
    var removedFields: [String] = []

    @Option(
        name: .customLong("if-change-tag"),
        help: ArgumentHelp("Save only if the record's change tag is still this one (the one read by default).", valueName: "tag"))
    var expectedChangeTag: String?

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        if fields.isEmpty && removedFields.isEmpty {
            throw ValidationError("give --field name=value or --remove-field f")
        }
    }

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            var record: Record
            switch try await client.lookupRecords(named: [name], in: zone).first {
            case .success(let found)?: record = found
            case .failure(let error)? where error.serverErrorCode == .notFound: throw CommandFailure("no record named \(name)")
            case .failure(let error)?: throw error
            case nil: throw CommandFailure("the server answered no record for \(name)")
            }
            let recordType = try await SchemaRecordTypes.recordType(named: record.recordType ?? "", client: client, settings: settings)
            let assigned = try FieldAssignments.fields(fields, typed: recordType)
            if let expectedChangeTag {
                record.recordChangeTag = expectedChangeTag
            }
            let operation: RecordOperation
            if removedFields.isEmpty {
                record.fields = assigned
                operation = RecordOperation(.update, record)
            } else {
                var values = (record.fields ?? [:]).merging(assigned) { $1 }
                for field in removedFields {
                    values[field] = nil
                }
                record.fields = try await client.keepingAssets(of: values, recordName: name, in: zone)
                operation = RecordOperation(.replace, record)
            }
            let saved = try await client.modifyRecords([operation], in: zone)[0]
            if case .failure(let error) = saved, error.serverErrorCode == .conflict {
                let tag = error.serverRecord?.recordChangeTag.map { "its change tag is now \($0)" } ?? "read it again"
                throw CommandFailure("CONFLICT: \(name) changed on the server since it was read (\(tag)); nothing was saved")
            }
            RecordOutput.show([try saved.get()], json: records.json)
        }
    }
}
