import Foundation

/// Which engine keeps a server's state: chosen once, where a server or a command starts (`ckserver`, the
/// dashboard's embedded server, `ckbench`), and opened here, so that every one of them opens it the same way.
public enum StorageEngine: Sendable, Equatable {
    /// SQLite, in the data folder's database file: the embedded default.
    case sqlite
    /// PostgreSQL at this location, shared by any number of servers.
    case postgres(PostgresLocation)

    /// Opens the engine, its tables brought up to date (its rows readable and writable as they are, to move a
    /// server between engines): SQLite in the data folder of `configuration` (created
    /// when it does not exist), its uploaded files beside it; PostgreSQL at its location, files included.
    public func open(_ configuration: ServerConfiguration) async throws -> any ServerStorage & TransferStorage {
        switch self {
        case .sqlite:
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
            return try SQLiteStorage(path: configuration.databaseURL.path, filesDirectory: configuration.assetsDirectory)
        case .postgres(let location):
            return try await PostgresStorage.open(location)
        }
    }
}
