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

    func validate() throws {
        if directory == nil, postgres == nil {
            throw ValidationError("name where the server keeps its state: --data DIR (SQLite), or --postgres URL")
        }
        if directory != nil, postgres != nil {
            throw ValidationError("--data and --postgres name two places for the server's state: give one")
        }
        if let postgres {
            do {
                _ = try PostgresLocation(url: postgres)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    /// The configuration for this data folder (unused on PostgreSQL, which keeps everything).
    var configuration: ServerConfiguration {
        ServerConfiguration(dataDirectory: URL(fileURLWithPath: directory ?? ".", isDirectory: true))
    }

    /// Opens the storage (creating the folder, or the PostgreSQL tables, when they do not exist).
    func openStorage() async throws -> any ServerStorage {
        do {
            guard let postgres else { return try await StorageEngine.sqlite.open(configuration) }
            return try await StorageEngine.postgres(try PostgresLocation(url: postgres)).open(configuration)
        } catch let error as PostgresStorageError {
            throw CommandFailure("\(error)")
        } catch let error as ServerError where postgres != nil {
            throw CommandFailure("cannot open the PostgreSQL database: \(error.reason ?? error.serverErrorCode.rawValue)")
        } catch {
            throw CommandFailure(postgres == nil ? "cannot open the data folder \(directory ?? "."): \(error)" : "cannot open the PostgreSQL database: \(error)")
        }
    }
}
