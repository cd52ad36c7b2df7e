import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash records delete`: records by name, or every record a query matches after confirmation.
struct RecordsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete records by name, or every record of a type that matches the filters.",
        discussion: """
            By query, --dry-run lists what would be deleted; otherwise the count of records must be typed \
            (on standard input) or --yes given. Records are deleted 200 at a time.
            """)

    @Argument(help: "The names of the records to delete.")
    var names: [String] = []

    @OptionGroup var query: QueryOptions

    @Flag(help: "List the records the query matches and delete nothing.")
    var dryRun = false

    @Flag(help: "Delete what the query matches without asking.")
    var yes = false

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    /// Records deleted per request.
    static let batchSize = 200

    func validate() throws {
        guard names.isEmpty != (query.type == nil) else {
            throw ValidationError("give the records' names, or --type T (with --filter) to delete what a query matches")
        }
        if query.type == nil, dryRun || yes || !query.filter.isEmpty {
            throw ValidationError("--dry-run, --yes and --filter go with --type T")
        }
    }

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            guard let type = query.type else {
                return try await delete(names, in: zone, client: client)
            }
            let recordType = try await SchemaRecordTypes.recordType(named: type, client: client, settings: settings)
            var matched: [String] = []
            for try await page in client.queryPages(try query.query(typed: recordType), in: zone, desiredKeys: []) {
                matched += try page.records.compactMap { try $0.get().recordName }
            }
            if dryRun {
                if records.json {
                    return print(try JSONOutput.string(DeletionReport(count: matched.count, recordNames: matched)))
                }
                print("\(matched.count) record\(matched.count == 1 ? "" : "s") of \(type) would be deleted:")
                return matched.forEach { print("  \($0)") }
            }
            guard !matched.isEmpty else {
                return print(records.json ? try JSONOutput.string(DeletionReport(count: 0, recordNames: [])) : "No record of \(type) matches; nothing was deleted.")
            }
            if !yes {
                try Confirmation.requireTyped(
                    String(matched.count), prompt: "This deletes \(matched.count) records of \(type) from \(try settings.requireContainer()).",
                    scriptHint: "pass --yes to delete without asking")
            }
            try await delete(matched, in: zone, client: client)
        }
    }

    /// Deletes `names` from `zone` in batches, with a progress line; failed deletions are listed and make the command fail.
    private func delete(_ names: [String], in zone: ZoneID?, client: CloudKitClient) async throws {
        let progress = ProgressLine(counting: "records deleted", total: names.count)
        var deleted: [String] = []
        var failures: [String] = []
        for start in stride(from: 0, to: names.count, by: Self.batchSize) {
            let batch = Array(names[start..<min(start + Self.batchSize, names.count)])
            let results = try await client.modifyRecords(deleting: batch, in: zone, atomically: false).deleteResults
            for (name, result) in zip(batch, results) {
                switch result {
                case .success: deleted.append(name)
                case .failure(let error) where error.serverErrorCode == .notFound: failures.append("no record named \(name)")
                case .failure(let error): failures.append("\(name): \(error)")
                }
            }
            progress.advance(by: batch.count)
        }
        progress.finish()
        failures.forEach(StandardError.write)
        print(records.json ? try JSONOutput.string(DeletionReport(count: deleted.count, recordNames: deleted)) : "Deleted \(deleted.count) record\(deleted.count == 1 ? "" : "s").")
        if !failures.isEmpty {
            throw CommandFailure("\(failures.count) record\(failures.count == 1 ? "" : "s") could not be deleted")
        }
    }

    /// The JSON form of what was, or would be, deleted.
    private struct DeletionReport: Encodable {
        var count: Int
        var recordNames: [String]
    }
}
