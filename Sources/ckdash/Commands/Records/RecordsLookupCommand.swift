import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash records lookup NAME...`: records by name.
struct RecordsLookupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Show records by name.",
        discussion: "Each missing record gets a line on standard error. Exit status: 0 when all were found, 1 when any is missing, 2 on failure.")

    @Argument(help: "The records' names.")
    var names: [String]

    @OptionGroup var records: RecordsOptions

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await ServerSession.run(connection, usesDatabase: true) { client, settings in
            let zone = try records.zoneID(in: settings.database)
            var found: [Record] = []
            var missing = false
            for (name, result) in zip(names, try await client.lookupRecords(named: names, in: zone)) {
                switch result {
                case .success(let record):
                    found.append(record)
                case .failure(let error) where error.serverErrorCode == .notFound:
                    StandardError.write("no record named \(name)")
                    missing = true
                case .failure(let error):
                    throw error
                }
            }
            RecordOutput.show(found, json: records.json)
            if missing { throw ExitCode.failure }
        }
    }
}
