import CKModel
import PostgresNIO

extension PostgresStorage: TelemetryStorage {
    public func appendTelemetry(_ rows: [TelemetryRow]) async throws {
        // A statement binds at most 65,535 parameters: a thousand rows of 17 columns a statement.
        let queries = stride(from: 0, to: rows.count, by: 1_000).map { start in
            var statement = PostgresStatement("INSERT INTO telemetry (\(StoredTelemetry.columnList)) VALUES ")
            for (index, row) in rows[start..<min(start + 1_000, rows.count)].enumerated() {
                let numbers = StoredTelemetry.numbers(row).map { statement.bind($0) }
                let texts = StoredTelemetry.texts(row).map { statement.bind($0) }
                statement.append((index == 0 ? "" : ", ") + "(" + (numbers + texts).joined(separator: ", ") + ")")
            }
            statement.append(" ON CONFLICT DO NOTHING")
            return statement.query
        }
        guard !queries.isEmpty else { return }
        try await write { transaction in
            for query in queries {
                _ = try transaction.execute(query)
            }
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

extension PostgresStorage {
    public func appendUsage(_ samples: [UsageSample]) async throws {
        guard let hour = samples.first?.hour else { return }
        try await write { transaction in
            guard try transaction.rows("SELECT EXISTS (SELECT 1 FROM usage WHERE hour = \(hour))").first?.decode(Bool.self) == false else { return }
            for sample in samples {
                _ = try transaction.execute("""
                    INSERT INTO usage (hour, container_id, environment, record_type, records, record_bytes, asset_bytes)
                    VALUES (\(sample.hour), \(sample.container.rawValue), \(sample.environment.rawValue), \(sample.recordType),
                        \(Int64(sample.records)), \(Int64(sample.recordBytes)), \(Int64(sample.assetBytes)))
                    ON CONFLICT DO NOTHING
                    """)
            }
        }
    }

    public func usage(of container: ContainerID?, from start: Int64, to end: Int64) async throws -> [UsageSample] {
        let containerID = container?.rawValue
        return try await read { transaction in
            try transaction.rows("""
                SELECT hour, container_id, environment, record_type, records, record_bytes, asset_bytes FROM usage
                WHERE hour >= \(start) AND hour < \(end) AND (\(containerID)::TEXT IS NULL OR container_id = \(containerID))
                """
            ).compactMap { row in
                let (hour, containerText, environmentText, recordType, records, bytes, assetBytes) =
                    try row.decode((Int64, String, String, String, Int64, Int64, Int64).self)
                guard let container = ContainerID(rawValue: containerText), let environment = ContainerEnvironment(rawValue: environmentText) else {
                    return nil
                }
                return UsageSample(
                    hour: hour, container: container, environment: environment, recordType: recordType, records: Int(records), recordBytes: Int(bytes),
                    assetBytes: Int(assetBytes))
            }
        }
    }

    public func assetBytesByRecordType(in container: ContainerID, environment: ContainerEnvironment) async throws -> [String: Int] {
        try await read { transaction in
            var bytes: [String: Int] = [:]
            for row in try transaction.rows("""
                SELECT records.record_type, COALESCE(SUM(assets.size), 0)::BIGINT FROM record_assets
                JOIN records ON records.zone_id = record_assets.zone_id AND records.record_name = record_assets.record_name AND NOT records.deleted
                JOIN assets ON assets.receipt = record_assets.receipt
                WHERE record_assets.zone_id IN (SELECT id FROM zones WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue))
                GROUP BY records.record_type
                """)
            {
                let (type, size) = try row.decode((String, Int64).self)
                bytes[type] = Int(size)
            }
            return bytes
        }
    }

    public func hasUsage(at hour: Int64, pruningBefore oldest: Int64) async throws -> Bool {
        try await write { transaction in
            _ = try transaction.execute("DELETE FROM usage WHERE hour < \(oldest)")
            return try transaction.rows("SELECT EXISTS (SELECT 1 FROM usage WHERE hour = \(hour))").first?.decode(Bool.self) ?? false
        }
    }
}
