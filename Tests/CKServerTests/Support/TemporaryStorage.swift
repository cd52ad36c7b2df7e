@testable import CKServer
import CKTestSupport
import Foundation
import PostgresNIO

/// A server data folder in a fresh temporary directory, with its storage opened on `engine`.
struct TemporaryStorage {
    let configuration: ServerConfiguration
    let engine: StorageEngine
    let storage: any ServerStorage & TransferStorage

    /// Every engine the storage suites run on: each must pass them alike.
    static var engines: [StorageEngine] { TestStorageEngine.all }

    init(
        engine: StorageEngine = TestStorageEngine.default, courierWait: Duration = .milliseconds(300), courierRecheck: Duration = .seconds(1),
        maximumAssetSize: Int = 1024 * 1024
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = ServerConfiguration(dataDirectory: folder, courierWait: courierWait, maximumAssetSize: maximumAssetSize)
        configuration.courierRecheck = courierRecheck
        self.configuration = configuration
        self.engine = TestStorageEngine.fresh(engine)
        storage = try await self.engine.open(configuration)
    }

    /// The same database opened again, as after a restart.
    func reopened() async throws -> any ServerStorage {
        try await engine.open(configuration)
    }

    /// Everything the storage keeps, to search for what it must not keep: the SQLite database file, or the rows
    /// of every PostgreSQL table as text.
    func storedBytes() async throws -> Data {
        guard let postgres = storage as? PostgresStorage else { return try Data(contentsOf: configuration.databaseURL) }
        return try await postgres.read { transaction in
            let tables = try transaction.rows("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").map { try $0.decode(String.self) }
            var text = ""
            for table in tables {
                let rows = try transaction.rows(PostgresQuery(unsafeSQL: "SELECT row_to_json(t)::text FROM \(table) t"))
                text += try rows.map { try $0.decode(String.self) }.joined(separator: "\n")
            }
            return Data(text.utf8)
        }
    }
}
