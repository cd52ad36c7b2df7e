import CKModel
import PostgresNIO

extension PostgresStorage: StatisticsStorage {
    public func recordCounts(in container: ContainerID) async throws -> [ManagementContainers.RecordCount] {
        try await read { transaction in
            try transaction.rows("""
                SELECT zones.environment, zones.database_scope, COUNT(*) FROM records JOIN zones ON zones.id = records.zone_id
                WHERE zones.container_id = \(container.rawValue) AND NOT records.deleted
                GROUP BY zones.environment, zones.database_scope
                ORDER BY zones.environment COLLATE "C", zones.database_scope COLLATE "C"
                """
            ).compactMap { row in
                let (environment, database, records) = try row.decode((String, String, Int).self)
                guard let environment = ContainerEnvironment(rawValue: environment), let database = DatabaseScope(rawValue: database) else {
                    return nil
                }
                return ManagementContainers.RecordCount(environment: environment, database: database, records: records)
            }
        }
    }

    public func recordTypeStatistics(in container: ContainerID, environment: ContainerEnvironment) async throws -> [RecordTypeStatistics] {
        try await read { transaction in
            let zones: PostgresQuery = "SELECT id FROM zones WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue)"
            let zoneIDs = try transaction.rows(zones).map { try $0.decode(Int64.self) }
            var statistics: [String: RecordTypeStatistics] = [:]
            for row in try transaction.rows("""
                SELECT record_type, COUNT(*), COALESCE(SUM(octet_length(fields) + octet_length(record_name)), 0)::BIGINT
                FROM records WHERE zone_id = ANY(\(zoneIDs)) AND NOT deleted GROUP BY record_type
                """)
            {
                let (type, records, bytes) = try row.decode((String, Int, Int).self)
                statistics[type] = RecordTypeStatistics(recordType: type, records: records, recordBytes: bytes, indexes: [])
            }
            let valueIndexes = try transaction.rows("""
                SELECT record_type, field_name, COUNT(*),
                    COALESCE(SUM(COALESCE(octet_length(text), 8) + octet_length(record_name)), 0)::BIGINT
                FROM record_index WHERE zone_id = ANY(\(zoneIDs)) GROUP BY record_type, field_name
                """)
            let searchIndexes = try transaction.rows("""
                SELECT record_type, field_name, COUNT(*), COALESCE(SUM(octet_length(content) + octet_length(record_name)), 0)::BIGINT
                FROM record_search WHERE zone_id = ANY(\(zoneIDs)) GROUP BY record_type, field_name
                """)
            for (rows, isSearch) in [(valueIndexes, false), (searchIndexes, true)] {
                for row in rows {
                    let (type, field, entries, bytes) = try row.decode((String, String, Int, Int).self)
                    statistics[type, default: RecordTypeStatistics(recordType: type, records: 0, recordBytes: 0, indexes: [])].indexes.append(
                        .init(field: field, isSearch: isSearch, entries: entries, bytes: bytes))
                }
            }
            return statistics.values.sorted { $0.recordType < $1.recordType }
        }
    }
}
