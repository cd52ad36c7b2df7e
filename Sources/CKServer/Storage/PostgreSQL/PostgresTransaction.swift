import Logging
import PostgresNIO

/// One transaction on a connection of the pool, used synchronously on a thread of the engine's own, so that
/// CloudKit's rules (`Storage/Rules/`) run inside it without suspending, as they do in SQLite's.
///
/// Each statement waits for its answer; the thread is one of `PostgresStorage`'s, never the concurrency pool's.
final class PostgresTransaction {
    private let connection: PostgresConnection
    private let logger: Logger

    init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Runs a statement and returns its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
        try connection.query(query, logger: logger).wait().rows
    }

    /// Runs a statement and returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ query: PostgresQuery) throws -> Int {
        try connection.query(query, logger: logger).wait().metadata.rows ?? 0
    }
}
