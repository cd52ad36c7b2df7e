import CKModel
import GRDB

extension SQLiteStorage {
    public func appendTelemetry(_ rows: [TelemetryRow]) async throws {
        let placeholders = Array(repeating: "?", count: StoredTelemetry.numberColumns.count + StoredTelemetry.textColumns.count).joined(separator: ", ")
        try await writeBrief { db in
            let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO telemetry (\(StoredTelemetry.columnList)) VALUES (\(placeholders))")
            for row in rows {
                let values: [any DatabaseValueConvertible] = StoredTelemetry.numbers(row) + StoredTelemetry.texts(row)
                try insert.execute(arguments: StatementArguments(values))
            }
        }
    }

    public func telemetryRows(resolution: Int, from start: Int64, to end: Int64, container: ContainerID?) async throws -> [TelemetryRow] {
        try await writer.read { db in
            let numbers = StoredTelemetry.numberColumns.count
            return try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT \(StoredTelemetry.columnList) FROM telemetry
                    WHERE resolution = ? AND started_at >= ? AND started_at < ? AND (? IS NULL OR container_id = ?)
                    """),
                arguments: [resolution, start, end, container?.rawValue, container?.rawValue]
            ).compactMap { row in
                StoredTelemetry.row(
                    numbers: (0..<numbers).map { row[$0] }, texts: (numbers..<numbers + StoredTelemetry.textColumns.count).map { row[$0] })
            }
        }
    }

    public func telemetryIntervals(resolution: Int, from start: Int64) async throws -> Set<Int64> {
        try await writer.read { db in
            Set(try Int64.fetchAll(
                db, sql: "SELECT DISTINCT started_at FROM telemetry WHERE resolution = ? AND started_at >= ?", arguments: [resolution, start]))
        }
    }

    public func pruneTelemetry(resolution: Int, before start: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM telemetry WHERE resolution = ? AND started_at < ?", arguments: [resolution, start])
        }
    }
}

extension SQLiteStorage {
    public func appendUsage(_ samples: [UsageSample]) async throws {
        try await writeBrief { db in
            guard let hour = samples.first?.hour,
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM usage WHERE hour = ?)", arguments: [hour]) == false
            else { return }
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO usage (hour, container_id, environment, record_type, records, record_bytes, asset_bytes)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for sample in samples {
                try insert.execute(arguments: [
                    sample.hour, sample.container.rawValue, sample.environment.rawValue, sample.recordType, sample.records, sample.recordBytes,
                    sample.assetBytes,
                ])
            }
        }
    }

    public func usage(of container: ContainerID?, from start: Int64, to end: Int64) async throws -> [UsageSample] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: """
                    SELECT hour, container_id, environment, record_type, records, record_bytes, asset_bytes FROM usage
                    WHERE hour >= ? AND hour < ? AND (? IS NULL OR container_id = ?)
                    """,
                arguments: [start, end, container?.rawValue, container?.rawValue]
            ).compactMap { row in
                guard let container = ContainerID(rawValue: row[1]), let environment = ContainerEnvironment(rawValue: row[2]) else { return nil }
                return UsageSample(
                    hour: row[0], container: container, environment: environment, recordType: row[3], records: row[4], recordBytes: row[5],
                    assetBytes: row[6])
            }
        }
    }

    public func assetBytesByRecordType(in container: ContainerID, environment: ContainerEnvironment) async throws -> [String: Int] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: """
                    SELECT records.record_type, SUM(assets.size) FROM record_assets
                    JOIN records ON records.zone_id = record_assets.zone_id AND records.record_name = record_assets.record_name AND records.deleted = 0
                    JOIN assets ON assets.receipt = record_assets.receipt
                    WHERE record_assets.zone_id IN (SELECT id FROM zones WHERE container_id = ? AND environment = ?)
                    GROUP BY records.record_type
                    """,
                arguments: [container.rawValue, environment.rawValue])
            return Dictionary(uniqueKeysWithValues: rows.map { (row: Row) in (row[0] as String, row[1] as Int) })
        }
    }

    public func hasUsage(at hour: Int64, pruningBefore oldest: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM usage WHERE hour < ?", arguments: [oldest])
            return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM usage WHERE hour = ?)", arguments: [hour]) ?? false
        }
    }
}
