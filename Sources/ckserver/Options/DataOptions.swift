import ArgumentParser
import CKModel
import CKServer
import CommandLineSupport
import Foundation

/// Where the server keeps its state, shared by every command: `--data DIR` (its SQLite database and uploaded
/// files), or `--postgres URL` (also `CKSERVER_POSTGRES`), a PostgreSQL database several servers may share,
/// uploaded files included.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp(
        "The server's data folder (created if missing): its SQLite database and uploaded files.",
        valueName: "dir"))
    var directory: String?

    @Option(name: .customLong("postgres"), help: ArgumentHelp(
        "Keep the server's state in PostgreSQL, as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&schema=…] (default: $CKSERVER_POSTGRES).",
        valueName: "url"))
    var postgresURL: String?

    /// The PostgreSQL URL given by the option, else by `CKSERVER_POSTGRES`.
    private var postgres: String? {
        postgresURL ?? ProcessInfo.processInfo.environment["CKSERVER_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Where the options name.
    private var place: StoragePlace {
        if let postgres { return .postgres(postgres) }
        return .folder(directory ?? ".")
    }

    func validate() throws {
        if directory == nil, postgres == nil {
            throw ValidationError("name where the server keeps its state: --data DIR (SQLite), or --postgres URL")
        }
        if directory != nil, postgres != nil {
            throw ValidationError("--data and --postgres name two places for the server's state: give one")
        }
        try place.validate()
    }

    /// The configuration for this data folder (unused on PostgreSQL, which keeps everything).
    var configuration: ServerConfiguration {
        place.configuration
    }

    /// Opens the storage (creating the folder, or the PostgreSQL tables, when they do not exist).
    func openStorage() async throws -> any ServerStorage {
        try await place.open()
    }
}
