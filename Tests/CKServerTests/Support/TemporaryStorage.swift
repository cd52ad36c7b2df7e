import CKServer
import Foundation

/// A server data folder in a fresh temporary directory, with its storage opened on `engine`.
struct TemporaryStorage {
    let configuration: ServerConfiguration
    let engine: StorageEngine
    let storage: any ServerStorage

    /// Every engine the storage suites run on: each must pass them alike.
    static let engines: [StorageEngine] = [.sqlite]

    init(engine: StorageEngine = .sqlite, courierWait: Duration = .milliseconds(300), maximumAssetSize: Int = 1024 * 1024) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        configuration = ServerConfiguration(dataDirectory: folder, courierWait: courierWait, maximumAssetSize: maximumAssetSize)
        self.engine = engine
        storage = try engine.open(configuration)
    }

    /// The same database opened again, as after a restart.
    func reopened() throws -> any ServerStorage {
        try engine.open(configuration)
    }
}
