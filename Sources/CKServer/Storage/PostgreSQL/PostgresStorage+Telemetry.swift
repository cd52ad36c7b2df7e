import CKModel
import PostgresNIO

extension PostgresStorage: TelemetryStorage {
    public func appendTelemetry(_ rows: [TelemetryRow]) async throws {
        guard !rows.isEmpty else { return }
        var statement = PostgresStatement("INSERT INTO telemetry (\(StoredTelemetry.columnList)) VALUES ")
        for (index, row) in rows.enumerated() {
            let numbers = StoredTelemetry.numbers(row).map { statement.bind($0) }
            let texts = StoredTelemetry.texts(row).map { statement.bind($0) }
            statement.append((index == 0 ? "" : ", ") + "(" + (numbers + texts).joined(separator: ", ") + ")")
        }
        statement.append(" ON CONFLICT DO NOTHING")
        let query = statement.query
        try await single { transaction in
            _ = try transaction.execute(query)
        }
    }

    public func telemetryRows(resolution: Int, from start: Int64, to end: Int64, container: ContainerID?) async throws -> [TelemetryRow] {
        let containerID = container?.rawValue
        return try await read { transaction in
            try transaction.rows("""
                SELECT \(unescaped: StoredTelemetry.columnList) FROM telemetry
                WHERE resolution = \(resolution) AND started_at >= \(start) AND started_at < \(end)
                    AND (\(containerID)::TEXT IS NULL OR container_id = \(containerID))
                """
            ).compactMap { row in
                let columns = row.makeRandomAccess()
                let count = StoredTelemetry.numberColumns.count
                let numbers = try (0..<count).map { try columns[$0].decode(Int64.self) }
                let texts = try (count..<count + StoredTelemetry.textColumns.count).map { try columns[$0].decode(String.self) }
                return StoredTelemetry.row(numbers: numbers, texts: texts)
            }
        }
    }

    public func telemetryIntervals(resolution: Int, from start: Int64) async throws -> Set<Int64> {
        try await read { transaction in
            Set(try transaction.rows("SELECT DISTINCT started_at FROM telemetry WHERE resolution = \(resolution) AND started_at >= \(start)")
                .map { try $0.decode(Int64.self) })
        }
    }

    public func pruneTelemetry(resolution: Int, before start: Int64) async throws {
        try await write { transaction in
            _ = try transaction.execute("DELETE FROM telemetry WHERE resolution = \(resolution) AND started_at < \(start)")
        }
    }
}
