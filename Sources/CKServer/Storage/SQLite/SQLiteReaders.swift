import GRDB
import NIOConcurrencyHelpers

/// Read-only connections to the database file for the short reads every request makes on its own thread
/// (`SQLiteStorage.readNow`), each read one transaction begun and ended by statements compiled once.
///
/// A read through `DatabasePool` compiles `BEGIN` and `COMMIT` again each time and first asks SQLite for the
/// schema's version (GRDB's cache of tables, which these reads do not use): some 10 µs, which a request of a few
/// rows pays twice. SQLite itself compiles a cached statement again when the schema changes.
final class SQLiteReaders: Sendable {
    /// At most this many connections stay open; a read finding all of them busy goes through `fallback`.
    static let capacity = 8

    private let path: String
    private let configuration: Configuration
    private let fallback: any DatabaseReader
    private let idle = NIOLockedValueBox<(connections: [DatabaseQueue], opened: Int)>(([], 0))

    /// Reads the database at `path`, opening its connections with `configuration` made read-only; `fallback`
    /// serves reads while every connection is busy.
    init(path: String, configuration: Configuration, fallback: any DatabaseReader) {
        var readOnly = configuration
        readOnly.readonly = true
        // A transaction `read` cannot end is handled by closing its connection, which GRDB would stop the
        // process for instead.
        readOnly.allowsUnsafeTransactions = true
        self.path = path
        self.configuration = readOnly
        self.fallback = fallback
    }

    /// Runs `body` in a read transaction on the calling thread.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard let connection = take() else { return try fallback.read(body) }
        var ended = false
        defer { give(back: connection, reusable: ended) }
        return try connection.inDatabase { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            defer { ended = Self.end(db) }
            return try body(db)
        }
    }

    /// Ends the read's transaction, whatever `body` left behind; whether it is ended, so that the connection can
    /// read again rather than hold on to an old snapshot of the database.
    private static func end(_ db: Database) -> Bool {
        if (try? db.cachedStatement(sql: "COMMIT TRANSACTION").execute()) == nil {
            try? db.rollBackIfInTransaction()
        }
        return !db.isInsideTransaction
    }

    /// Puts `connection` back among the idle ones, or closes it when its transaction could not be ended.
    private func give(back connection: DatabaseQueue, reusable: Bool) {
        idle.withLockedValue { state in
            if reusable {
                state.connections.append(connection)
            } else {
                state.opened -= 1
            }
        }
    }

    /// An idle connection, or a new one while fewer than `capacity` are open; `nil` when all are busy or a new
    /// one cannot be opened.
    private func take() -> DatabaseQueue? {
        enum Taken { case idle(DatabaseQueue), open, busy }
        let taken = idle.withLockedValue { state -> Taken in
            if let connection = state.connections.popLast() { return .idle(connection) }
            guard state.opened < Self.capacity else { return .busy }
            state.opened += 1
            return .open
        }
        switch taken {
        case .idle(let connection): return connection
        case .busy: return nil
        case .open:
            // A connection that cannot be opened (no file descriptor left, say) leaves the read to the pool.
            guard let connection = try? DatabaseQueue(path: path, configuration: configuration) else {
                idle.withLockedValue { $0.opened -= 1 }
                return nil
            }
            return connection
        }
    }

    /// How many connections are open, and how many of them wait idle.
    var counts: (opened: Int, idle: Int) {
        idle.withLockedValue { ($0.opened, $0.connections.count) }
    }
}
