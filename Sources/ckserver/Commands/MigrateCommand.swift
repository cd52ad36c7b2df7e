import ArgumentParser
import CKServer
import CommandLineSupport
import Foundation

/// `ckserver migrate --from-data DIR --to-postgres URL` (or any other pair): copies a whole server, stopped,
/// into an empty one on another engine.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a whole server into an empty one: from a data folder to PostgreSQL, or back.",
        discussion: """
            Copies containers, schemas and their deploy history, tokens, keys, users, the audit log, zones, records \
            with their change history, subscriptions, push tokens, queued notifications and uploaded files. Stop \
            the servers of the source first. The target must be empty; a copy that stops half-way leaves it \
            incomplete: empty it (remove the data folder, or drop the PostgreSQL schema) before running again.
            """)

    @Option(name: .customLong("from-data"), help: ArgumentHelp("Copy the server in this data folder (SQLite).", valueName: "dir"))
    var fromData: String?

    @Option(name: .customLong("from-postgres"), help: ArgumentHelp("Copy the server in this PostgreSQL database.", valueName: "url"))
    var fromPostgres: String?

    @Option(name: .customLong("to-data"), help: ArgumentHelp("Into this data folder (created if missing).", valueName: "dir"))
    var toData: String?

    @Option(name: .customLong("to-postgres"), help: ArgumentHelp("Into this PostgreSQL database.", valueName: "url"))
    var toPostgres: String?

    @OptionGroup var output: OutputOptions

    /// What a copy took, as `--json` prints it.
    private struct Result: Encodable {
        let rows: [String: Int]
        let files: Int
    }

    private var source: StoragePlace? {
        fromData.map(StoragePlace.folder) ?? fromPostgres.map(StoragePlace.postgres)
    }

    private var target: StoragePlace? {
        toData.map(StoragePlace.folder) ?? toPostgres.map(StoragePlace.postgres)
    }

    func validate() throws {
        guard (fromData == nil) != (fromPostgres == nil) else {
            throw ValidationError("name the server to copy: --from-data DIR or --from-postgres URL (one of them)")
        }
        guard (toData == nil) != (toPostgres == nil) else {
            throw ValidationError("name where to copy it: --to-data DIR or --to-postgres URL (one of them)")
        }
        try source?.validate()
        try target?.validate()
    }

    func run() async throws {
        guard let source, let target else { return }
        try await runReportingFailures {
            // Opening creates what is missing: the source is looked at first, so a wrong name changes nothing.
            guard try await source.holdsServer() else { throw CommandFailure(source.holdsNoServer) }
            let transfer = ServerTransfer(from: try await source.open(), to: try await target.open())
            let summary: ServerTransfer.Summary
            do {
                summary = try await transfer.run()
            } catch let error as ServerTransferError {
                throw CommandFailure("\(error)")
            } catch {
                throw CommandFailure("the copy stopped (\(error)); the target holds part of the server: empty it before running again")
            }
            let lines = summary.rows.map { "\($0.table): \($0.count)" } + ["files: \(summary.files)"]
            try output.emit(
                "Copied " + lines.joined(separator: ", ") + ".",
                json: Result(rows: Dictionary(uniqueKeysWithValues: summary.rows.map { ($0.table, $0.count) }), files: summary.files))
        }
    }
}
