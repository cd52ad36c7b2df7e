import CKModel
import GRDB

extension SQLiteStorage {
    public func appendRequestLog(_ entries: [RequestLogEntry]) async throws {
        let rows = entries.map { ($0.timestamp, $0.containerID.rawValue, StoredText.requestLogEntry($0)) }
        try await writeBrief { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO request_log (logged_at, container_id, entry) VALUES (?, ?, ?)")
            for (timestamp, container, entry) in rows {
                try insert.execute(arguments: [timestamp, container, entry])
            }
        }
    }

    public func requestLogEntries(in range: RequestLogRange, limit: Int) async throws -> [RequestLogEntry] {
        try await writer.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let container = range.container {
                conditions.append("container_id = ?")
                arguments += [container.rawValue]
            }
            if let since = range.since {
                conditions.append("logged_at >= ?")
                arguments += [since]
            }
            if let until = range.until {
                conditions.append("logged_at < ?")
                arguments += [until]
            }
            let order: String
            switch range.direction {
            case .before(let sequence):
                order = "DESC"
                if let sequence {
                    conditions.append("sequence < ?")
                    arguments += [sequence]
                }
            case .after(let sequence):
                order = "ASC"
                conditions.append("sequence > ?")
                arguments += [sequence]
            }
            arguments += [limit]
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            return try Row.fetchAll(
                db, sql: "SELECT sequence, entry FROM request_log \(filter) ORDER BY sequence \(order) LIMIT ?", arguments: arguments
            ).map { row in try StoredText.requestLogEntry(from: row[1], sequence: row[0]) }
        }
    }

    /// Deletes the entries beyond the newest `?` by their sequence numbers, which only grow: finding the newest
    /// is one step down the table's tree, where skipping `capacity` entries read them all (the whole log, with
    /// its text, every minute, holding the writer meanwhile).
    static let pruneBeyondCapacity = "DELETE FROM request_log WHERE sequence <= (SELECT MAX(sequence) FROM request_log) - ?"

    public func pruneRequestLog(before timestamp: Int64, capacity: Int) async throws -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM request_log WHERE logged_at < ?", arguments: [timestamp])
            var deleted = db.changesCount
            try db.execute(sql: Self.pruneBeyondCapacity, arguments: [capacity])
            deleted += db.changesCount
            return deleted
        }
    }
}
