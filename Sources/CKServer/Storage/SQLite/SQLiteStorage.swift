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
    /// The connections of `readNow`; `nil` for a database only `writer` reaches (in memory).
    let readers: SQLiteReaders?
    /// The folder of uploaded files' contents, one file per checksum.
    let filesDirectory: URL
    let storedSchemas = StoredSchemas()
    let writesUnderWay = WritesUnderWay()

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
        let pool = try DatabasePool(path: path, configuration: configuration)
        try self.init(writer: pool, filesDirectory: files, readers: SQLiteReaders(path: path, configuration: configuration, fallback: pool))
    }

    /// Uses an open database (an in-memory `DatabaseQueue` in tests) after running the migrations; `readers`
    /// serve `readNow` when given, `writer` otherwise.
    init(writer: any DatabaseWriter, filesDirectory: URL, readers: SQLiteReaders? = nil) throws {
        self.writer = writer
        self.readers = readers
        self.filesDirectory = filesDirectory
        try Self.migrator.migrate(writer)
    }

    /// Runs a short read on the calling thread: the few rows every request reads (its container, credential,
    /// schema, subscriptions, a database's zones), and reads that scan at most a page (a query's candidates, a
    /// page of changes). An asynchronous read hands the work to a reader's thread and the answer back, two thread
    /// switches that cost more than reading a page. Reads that may scan far (a search, changes filtered by record
    /// types, a statistic, a copy) stay asynchronous.
    func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        guard let readers else { return try writer.read(body) }
        return try readers.read(body)
    }

    /// Runs a short write outside a transaction (`body` opens one where it needs it): a request's few records,
    /// the rotation of its web auth token. On the calling thread while no other write is under way, since
    /// handing it to the writer's thread and the answer back costs two thread switches, more than a
    /// single-record save's write; behind a write under way, on the writer's thread, leaving this one free.
    func writeNow<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        guard writesUnderWay.isNone else { return try await writeWithoutTransaction(body) }
        return try writeOnCallingThread(body)
    }

    private func writeOnCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction(body)
    }

    /// Runs `body` in a transaction on the writer's thread.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await writesUnderWay.counting { try await writer.write(body) }
    }

    /// Runs `body`, a brief append of the request log's or telemetry's rows, in a transaction on the writer's
    /// thread without counting it as under way: these come every few moments and take little, so short writes
    /// keep running on their callers' threads behind them.
    func writeBrief<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(body)
    }

    /// Runs `body` outside a transaction on the writer's thread.
    func writeWithoutTransaction<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await writesUnderWay.counting { try await writer.writeWithoutTransaction(body) }
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
