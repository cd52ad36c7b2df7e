import Foundation

/// Which engine keeps a server's state: chosen once, where a server or a command starts (`ckserver`, the
/// dashboard's embedded server, `ckbench`), and opened here, so that every one of them opens it the same way.
public enum StorageEngine: Sendable, Equatable {
    /// SQLite, in the data folder's database file: the embedded default.
    case sqlite

    /// Opens the engine for the data folder of `configuration` (creating the folder when it does not exist),
    /// its tables brought up to date.
    public func open(_ configuration: ServerConfiguration) throws -> any ServerStorage {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        switch self {
        case .sqlite:
            return try SQLiteStorage(path: configuration.databaseURL.path)
        }
    }
}
