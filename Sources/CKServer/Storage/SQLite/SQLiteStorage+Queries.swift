import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func scan(_ scan: IndexScan, in zone: ZoneKey, after cursor: IndexHit?, limit: Int) async throws -> [IndexHit] {
        try readNow { db in
            guard let zoneID = try Self.zoneRowID(db, zone) else { return [] }
            var sql = "SELECT value, record_name FROM record_index WHERE zone_id = ? AND record_type = ? AND field_name = ?"
            var arguments: [any DatabaseValueConvertible] = [zoneID, scan.recordType, scan.fieldName]
            if let lower = scan.lower {
                sql += lower.inclusive ? " AND value >= ?" : " AND value > ?"
                arguments.append(lower.value.databaseValue)
            }
            if let upper = scan.upper {
                sql += upper.inclusive ? " AND value <= ?" : " AND value < ?"
                arguments.append(upper.value.databaseValue)
            }
            if let cursor {
                sql += scan.descending ? " AND (value, record_name) < (?, ?)" : " AND (value, record_name) > (?, ?)"
                arguments += [cursor.value.databaseValue, cursor.recordName]
            }
            sql += scan.descending ? " ORDER BY value DESC, record_name DESC LIMIT ?" : " ORDER BY value, record_name LIMIT ?"
            arguments.append(limit)
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments)).compactMap { row in
                IndexValue(row[0] as DatabaseValue).map { IndexHit(value: $0, recordName: row[1]) }
            }
        }
    }

    public func forEachRecordRow(
        ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws {
        try readNow { db in
            guard let zoneID = try Self.zoneRowID(db, zone) else { return }
            try db.forEachRowCached(
                sql: """
                    SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND record_type = ? AND deleted = 0 AND record_name > ?
                    ORDER BY record_name LIMIT ?
                    """,
                binding: [zoneID, recordType, cursor ?? "", Int64(limit)]
            ) { try body(SQLiteRecordColumns(columns: $0)) }
        }
    }

    public func search(
        _ tokens: [String], matchAll: Bool, recordType: String, fieldName: String, in zone: ZoneKey, after cursor: String?, limit: Int
    ) async throws -> [String] {
        try await writer.read { db in
            guard let zoneID = try Self.zoneRowID(db, zone), !tokens.isEmpty else { return [] }
            let match = tokens.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                .joined(separator: matchAll ? " AND " : " OR ")
            return try String.fetchAll(
                db.cachedStatement(sql: """
                    SELECT DISTINCT s.record_name FROM record_search f JOIN search_rows s ON s.id = f.rowid
                    WHERE record_search MATCH ? AND s.zone_id = ? AND s.record_type = ? AND s.field_name = ? AND s.record_name > ?
                    ORDER BY s.record_name LIMIT ?
                    """),
                arguments: [match, zoneID, recordType, fieldName, cursor ?? "", limit])
        }
    }
}
