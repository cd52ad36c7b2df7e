import ArgumentParser
import CKModel
import CKServer
import CommandLineSupport
import Foundation

/// Where a server keeps its state, as a command names it: a data folder (SQLite) or a PostgreSQL URL.
enum StoragePlace {
    case folder(String)
    case postgres(String)

    /// The configuration for a data folder (unused on PostgreSQL, which keeps everything).
    var configuration: ServerConfiguration {
        guard case .folder(let directory) = self else { return ServerConfiguration(dataDirectory: URL(fileURLWithPath: ".", isDirectory: true)) }
        return ServerConfiguration(dataDirectory: URL(fileURLWithPath: directory, isDirectory: true))
    }

    /// Whether a server was ever kept here, found without creating anything: its database file exists (a data
    /// folder), or its tables do (PostgreSQL); a database that cannot be reached fails with one line.
    func holdsServer() async throws -> Bool {
        do {
            return try await engine.holdsServer(configuration)
        } catch let error as PostgresStorageError {
            throw CommandFailure("\(error)")
        }
    }

    /// Why `holdsServer` is false, in one line.
    var holdsNoServer: String {
        switch self {
        case .folder(let directory):
            "\(directory) holds no server: its database file \(configuration.databaseURL.path) does not exist"
        case .postgres(let url):
            "\((try? PostgresLocation(url: url))?.description ?? url) holds no server: the database has no ckserver tables there"
        }
    }

    /// The engine that keeps the server here.
    private var engine: StorageEngine {
        get throws {
            switch self {
            case .folder: .sqlite
            case .postgres(let url): .postgres(try PostgresLocation(url: url))
            }
        }
    }

    /// A `ValidationError` when a URL given is not a PostgreSQL location.
    func validate() throws {
        guard case .postgres(let url) = self else { return }
        do {
            _ = try PostgresLocation(url: url)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Opens the storage (creating the folder, or the PostgreSQL tables, when they do not exist), or fails with
    /// one line saying why.
    func open() async throws -> any ServerStorage & TransferStorage {
        do {
            return try await engine.open(configuration)
        } catch let error as PostgresStorageError {
            throw CommandFailure("\(error)")
        } catch let error as ServerError where !isFolder {
            throw CommandFailure("cannot open the PostgreSQL database: \(error.reason ?? error.serverErrorCode.rawValue)")
        } catch {
            guard case .folder(let directory) = self else { throw CommandFailure("cannot open the PostgreSQL database: \(error)") }
            throw CommandFailure("cannot open the data folder \(directory): \(error)")
        }
    }

    private var isFolder: Bool {
        if case .folder = self { true } else { false }
    }
}
