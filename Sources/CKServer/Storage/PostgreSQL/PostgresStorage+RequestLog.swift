import CKModel
import PostgresNIO

extension PostgresStorage: RequestLogStorage {
    public func appendRequestLog(_ entries: [RequestLogEntry]) async throws {
        let timestamps = entries.map(\.timestamp)
        let containers = entries.map(\.containerID.rawValue)
        let texts = entries.map(StoredText.requestLogEntry)
        try await single { transaction in
            try transaction.execute("""
                INSERT INTO request_log (logged_at, container_id, entry)
                SELECT * FROM unnest(\(timestamps)::BIGINT[], \(containers)::TEXT[], \(texts)::TEXT[])
                """)
        }
    }

    public func requestLogEntries(in range: RequestLogRange, limit: Int) async throws -> [RequestLogEntry] {
        var statement = PostgresStatement("SELECT sequence, entry FROM request_log WHERE TRUE")
        if let container = range.container {
            statement.append(" AND container_id = \(statement.bind(container.rawValue))")
        }
        if let since = range.since {
            statement.append(" AND logged_at >= \(statement.bind(since))")
        }
        if let until = range.until {
            statement.append(" AND logged_at < \(statement.bind(until))")
        }
        switch range.direction {
        case .before(let sequence):
            if let sequence {
                statement.append(" AND sequence < \(statement.bind(sequence))")
            }
            statement.append(" ORDER BY sequence DESC")
        case .after(let sequence):
            statement.append(" AND sequence > \(statement.bind(sequence)) ORDER BY sequence ASC")
        }
        statement.append(" LIMIT \(statement.bind(Int64(limit)))")
        let query = statement.query
        return try await read { transaction in
            try transaction.rows(query).map { row in
                let (sequence, text) = try row.decode((Int64, String).self)
                return try StoredText.requestLogEntry(from: text, sequence: sequence)
            }
        }
    }

    public func pruneRequestLog(before timestamp: Int64, capacity: Int) async throws -> Int {
        try await write { transaction in
            let old = try transaction.execute("DELETE FROM request_log WHERE logged_at < \(timestamp)")
            let over = try transaction.execute("""
                DELETE FROM request_log WHERE sequence <= (SELECT MAX(sequence) FROM request_log) - \(Int64(capacity))
                """)
            return old + over
        }
    }
}
