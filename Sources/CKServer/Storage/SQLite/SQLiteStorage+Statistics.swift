import CKModel
import GRDB

extension SQLiteStorage {
    public func recordTypeStatistics(in container: ContainerID, environment: ContainerEnvironment) async throws -> [RecordTypeStatistics] {
        try await writer.read { db in
            let environmentZones = "SELECT id FROM zones WHERE container_id = ? AND environment = ?"
            let arguments: StatementArguments = [container.rawValue, environment.rawValue]
            var statistics: [String: RecordTypeStatistics] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT record_type, COUNT(*) AS records, SUM(LENGTH(CAST(fields AS BLOB)) + LENGTH(record_name)) AS bytes
                    FROM records WHERE zone_id IN (\(environmentZones)) AND deleted = 0 GROUP BY record_type
                    """,
                arguments: arguments)
            {
                let type: String = row["record_type"]
                statistics[type] = RecordTypeStatistics(recordType: type, records: row["records"], recordBytes: row["bytes"] ?? 0, indexes: [])
            }
            let valueIndexes = try Row.fetchAll(
                db,
                sql: """
                    SELECT record_type, field_name, COUNT(*) AS entries,
                        SUM(CASE typeof(value) WHEN 'text' THEN LENGTH(CAST(value AS BLOB)) ELSE 8 END + LENGTH(record_name)) AS bytes
                    FROM record_index WHERE zone_id IN (\(environmentZones)) GROUP BY record_type, field_name
                    """,
                arguments: arguments)
            let searchIndexes = try Row.fetchAll(
                db,
                sql: """
                    SELECT search_rows.record_type, search_rows.field_name, COUNT(*) AS entries,
                        SUM(LENGTH(CAST(record_search.content AS BLOB)) + LENGTH(search_rows.record_name)) AS bytes
                    FROM search_rows JOIN record_search ON record_search.rowid = search_rows.id
                    WHERE search_rows.zone_id IN (\(environmentZones)) GROUP BY search_rows.record_type, search_rows.field_name
                    """,
                arguments: arguments)
            for (rows, isSearch) in [(valueIndexes, false), (searchIndexes, true)] {
                for row in rows {
                    let type: String = row["record_type"]
                    statistics[type, default: RecordTypeStatistics(recordType: type, records: 0, recordBytes: 0, indexes: [])].indexes.append(
                        .init(field: row["field_name"], isSearch: isSearch, entries: row["entries"], bytes: row["bytes"] ?? 0))
                }
            }
            return statistics.values.sorted { $0.recordType < $1.recordType }
        }
    }
}
