import CKModel
import Foundation
import GRDB

/// `ServerStorage` in one SQLite database (WAL mode) through GRDB.
///
/// ```swift
/// let storage = try SQLiteStorage(path: "/var/lib/ckserver/ckserver.sqlite")
/// try await storage.createContainer(ContainerInfo(…))
/// ```
public struct SQLiteStorage: ServerStorage {
    let writer: any DatabaseWriter
    /// The folder of uploaded files' contents, one file per checksum.
    let filesDirectory: URL
    let storedSchemas = StoredSchemas()

    /// Opens (creating if needed) the database file and brings its tables up to date; uploaded files' contents
    /// go in `filesDirectory` (by default `assets/` beside the database).
    public init(path: String, filesDirectory: URL? = nil) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let checkpointer = WALCheckpointer(path: path)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            if !db.configuration.readonly {
                checkpointer.takeOver(db)
            }
        }
        let files = filesDirectory ?? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("assets", isDirectory: true)
        try self.init(writer: DatabasePool(path: path, configuration: configuration), filesDirectory: files)
    }

    /// Uses an open database (an in-memory `DatabaseQueue` in tests) after running the migrations.
    init(writer: any DatabaseWriter, filesDirectory: URL) throws {
        self.writer = writer
        self.filesDirectory = filesDirectory
        try Self.migrator.migrate(writer)
    }

    /// Runs a short read on the calling thread: the few rows every request reads (its container, credential,
    /// schema, subscriptions, a database's zones), and reads that scan at most a page (a query's candidates, a
    /// page of changes). An asynchronous read hands the work to a reader's thread and the answer back, two thread
    /// switches that cost more than reading a page. Reads that may scan far (a search, changes filtered by record
    /// types, a statistic, a copy) stay asynchronous.
    func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// Runs a short write on the calling thread, outside a transaction (`body` opens one where it needs it): a
    /// request's records and the rotation of its web auth token. An asynchronous write hands the work to the
    /// writer's thread and the answer back, two thread switches that cost a single-record save more than its
    /// write; SQLite runs one write at a time either way.
    func writeNow<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction(body)
    }

    /// Maps SQLite's constraint failures to CloudKit's `EXISTS`, with `reason` as the message.
    static func insisting<T>(unique reason: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
            || error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
        {
            throw ServerError(.exists, reason: reason)
        }
    }
}
