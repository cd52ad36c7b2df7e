import CKServer
import Foundation

/// A server data folder in a fresh temporary directory, with its SQLite storage opened.
struct TemporaryStorage {
    let configuration: ServerConfiguration
    let storage: SQLiteStorage

    init(courierWait: Duration = .milliseconds(300), maximumAssetSize: Int = 1024 * 1024) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        configuration = ServerConfiguration(dataDirectory: folder, courierWait: courierWait, maximumAssetSize: maximumAssetSize)
        storage = try SQLiteStorage(path: configuration.databaseURL.path)
    }

    /// The same database opened again, as after a restart.
    func reopened() throws -> SQLiteStorage {
        try SQLiteStorage(path: configuration.databaseURL.path)
    }
}
