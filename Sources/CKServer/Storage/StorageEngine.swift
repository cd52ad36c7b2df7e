import Foundation

/// Which engine keeps a server's state: chosen once, where a server or a command starts (`ckserver`, the
/// dashboard's embedded server, `ckbench`), and opened here, so that every one of them opens it the same way.
public enum StorageEngine: Sendable, Equatable {
    /// SQLite, in the data folder's database file: the embedded default.
    case sqlite
    /// PostgreSQL at this location, shared by any number of servers.
    case postgres(PostgresLocation)

    /// Opens the engine, its tables brought up to date (its rows readable and writable as they are, to move a
    /// server between engines) and the index entries an upgrade left to rebuild rebuilt: SQLite in the data
    /// folder of `configuration` (created when it does not exist), its uploaded files beside it; PostgreSQL at its
    /// location, files included.
    public func open(_ configuration: ServerConfiguration) async throws -> any ServerStorage & TransferStorage {
        let storage: any ServerStorage & TransferStorage
        switch self {
        case .sqlite:
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
            storage = try SQLiteStorage(path: configuration.databaseURL.path, filesDirectory: configuration.assetsDirectory)
        case .postgres(let location):
            storage = try await PostgresStorage.open(location)
        }
        try await PendingReindexing.run(on: storage)
        return storage
    }

    /// Whether a server was ever kept here, found without creating or upgrading anything: the data folder of
    /// `configuration` holds its database file (SQLite), or the database holds the server's tables (PostgreSQL,
    /// which `PostgresStorageError.unreachable` when it cannot be reached).
    public func holdsServer(_ configuration: ServerConfiguration) async throws -> Bool {
        switch self {
        case .sqlite:
            FileManager.default.fileExists(atPath: configuration.databaseURL.path)
        case .postgres(let location):
            try await PostgresStorage.holdsServer(at: location)
        }
    }
}
