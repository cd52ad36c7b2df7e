import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// `ckdash records query`: the records of a type that match filters, in a sort order.
struct RecordsQueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "List the records of a type that match the filters.",
        discussion: "Prints one page (the server's page size) unless --limit or --all says otherwise.")

    @OptionGroup var query: QueryOptions

    @Option(help: ArgumentHelp("Only these fields, comma-separated.", valueName: "a,b"))
    var fields: String?

    @Option(help: ArgumentHelp("At most this many records.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Every matching record, page after page.")
    var all = false

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        guard query.type != nil else { throw ValidationError("give the record type with --type T") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            let recordType = try await SchemaRecordTypes.recordType(named: try query.requireType(), client: client, settings: settings)
            let fieldNames = fields.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            let pages = client.queryPages(
                try query.query(typed: recordType), in: zone, desiredKeys: fieldNames, resultsLimit: limit.map { min($0, 200) })
            var found: [Record] = []
            for try await page in pages {
                var pageRecords = try page.records.map { try $0.get() }
                if let limit {
                    pageRecords = Array(pageRecords.prefix(limit - found.count))
                }
                if records.json {
                    RecordOutput.show(pageRecords, json: true)
                }
                found += pageRecords
                if found.count == limit || (!all && limit == nil) { break }
            }
            if !records.json {
                RecordOutput.show(found, json: false, fields: fieldNames)
            }
        }
    }
}
