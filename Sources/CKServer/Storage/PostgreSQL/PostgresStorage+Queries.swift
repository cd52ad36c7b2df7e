import CKModel
import PostgresNIO

extension PostgresStorage: QueryStorage {
    public func scan(_ scan: IndexScan, in zone: ZoneKey, after cursor: IndexHit?, limit: Int) async throws -> [IndexHit] {
        try await read { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction) else { return [] }
            var hits: [IndexHit] = []
            // Numbers sort before texts: each kind is read as a range of its own column, in the scan's direction.
            for kind in scan.descending ? [IndexKind.text, .number] : [.number, .text] where hits.count < limit {
                guard var statement = Self.segment(of: scan, kind: kind, zoneID: zoneID, after: cursor, limit: limit - hits.count) else { continue }
                hits += try transaction.rows(statement.query).compactMap { row in
                    let (number, isReal, text, recordName) = try row.decode((String?, Bool, String?, String).self)
                    return IndexColumns.value(number: number, isReal: isReal, text: text).map { IndexHit(value: $0, recordName: recordName) }
                }
            }
            return hits
        }
    }

    /// Which column of `record_index` a part of a scan reads.
    private enum IndexKind {
        case number, text

        var column: String { self == .number ? "number" : "text" }

        /// The index key of a text bound as `parameter`, as the generated column `text_key` computes it.
        private static func textKey(of parameter: String) -> String {
            "left(\(parameter), \(IndexColumns.keyLength))"
        }

        /// What orders this kind's values, and the value bound as `parameter` in the same terms: a number itself; a
        /// text by its index key (its first characters), then by itself, which orders texts sharing their key, or
        /// by its key alone when `equal` (every text read is the same).
        func ordering(of parameter: String, equal: Bool) -> [(column: String, value: String)] {
            guard self == .text else { return [("record_index.number", parameter)] }
            let key = ("record_index.text_key", Self.textKey(of: parameter))
            return equal ? [key] : [key, ("record_index.text", parameter)]
        }

        /// `comparison` (`>`, `>=`, `<`, `<=`) on the full value, and for a text the range of index keys that holds
        /// every value it accepts.
        func condition(_ comparison: String, _ parameter: String) -> String {
            let exact = " AND record_index.\(column) \(comparison) \(parameter)"
            guard self == .text else { return exact }
            return exact + " AND record_index.text_key \(comparison.prefix(1))= \(Self.textKey(of: parameter))"
        }

        /// Where `value` lies from this kind's values: before them all, after them all, or among them, bound as
        /// a parameter of `statement` to compare with the column.
        func position(of value: IndexValue, in statement: inout PostgresStatement) -> Position {
            switch (self, value) {
            case (.number, .text): .after
            case (.text, .integer), (.text, .real): .before
            case (.number, _): .among(statement.bind(IndexColumns(value).number ?? "") + "::numeric")
            case (.text, .text(let text)): .among(statement.bind(text))
            }
        }
    }

    /// Where a bound or cursor lies from the values a part of a scan reads.
    private enum Position {
        case before, after
        case among(String)
    }

    /// The statement reading the part of `scan` that holds values of `kind`, or `nil` when the scan's bounds or
    /// cursor leave none of them.
    private static func segment(of scan: IndexScan, kind: IndexKind, zoneID: Int64, after cursor: IndexHit?, limit: Int) -> PostgresStatement? {
        // Qualified: unqualified, ORDER BY would name the selected `number::text`, and sort numbers as texts.
        let column = "record_index." + kind.column
        // A scan of one text reads equal texts: their keys order them as well as the texts would.
        let equal = scan.lower != nil && scan.lower == scan.upper && scan.lower?.inclusive == true
        var statement = PostgresStatement("SELECT number::text, number_is_real, text, record_name FROM record_index WHERE ")
        statement.append("zone_id = \(statement.bind(zoneID)) AND record_type = \(statement.bind(scan.recordType))")
        statement.append(" AND field_name = \(statement.bind(scan.fieldName)) AND \(column) IS NOT NULL")
        if let lower = scan.lower {
            switch kind.position(of: lower.value, in: &statement) {
            case .after: return nil
            case .among(let value): statement.append(kind.condition(lower.inclusive ? ">=" : ">", value))
            case .before: break
            }
        }
        if let upper = scan.upper {
            switch kind.position(of: upper.value, in: &statement) {
            case .before: return nil
            case .among(let value): statement.append(kind.condition(upper.inclusive ? "<=" : "<", value))
            case .after: break
            }
        }
        if let cursor {
            switch (kind.position(of: cursor.value, in: &statement), scan.descending) {
            case (.after, false), (.before, true): return nil
            case (.among(let value), _):
                let ordering = kind.ordering(of: value, equal: equal)
                let columns = ordering.map(\.column).joined(separator: ", ")
                let values = ordering.map(\.value).joined(separator: ", ")
                statement.append(" AND (\(columns), record_name) \(scan.descending ? "<" : ">") (\(values), \(statement.bind(cursor.recordName)))")
            default: break
            }
        }
        let direction = scan.descending ? "DESC" : "ASC"
        let order = (kind.ordering(of: "", equal: equal).map(\.column) + ["record_index.record_name"]).map { "\($0) \(direction)" }
        statement.append(" ORDER BY \(order.joined(separator: ", ")) LIMIT \(statement.bind(Int64(limit)))")
        return statement
    }

    public func forEachRecordRow(
        ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws {
        let rows = try await read { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction) else { return [StoredRecordRow]() }
            return try transaction.rows("""
                SELECT \(unescaped: Self.recordColumns) FROM records
                WHERE zone_id = \(zoneID) AND record_type = \(recordType) AND NOT deleted AND record_name > \(cursor ?? "")
                ORDER BY record_name LIMIT \(Int64(limit))
                """
            ).map { try Self.storedRow($0).row }
        }
        try rows.forEach(body)
    }

    public func search(
        _ tokens: [String], matchAll: Bool, recordType: String, fieldName: String, in zone: ZoneKey, after cursor: String?, limit: Int
    ) async throws -> [String] {
        try await read { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction), !tokens.isEmpty else { return [] }
            // `@>`: the field has every token; `&&`: it has one of them. Both read the tokens' GIN index.
            return try transaction.rows("""
                SELECT DISTINCT record_name FROM record_search
                WHERE zone_id = \(zoneID) AND record_type = \(recordType) AND field_name = \(fieldName) AND record_name > \(cursor ?? "")
                    AND tokens \(unescaped: matchAll ? "@>" : "&&") \(tokens)
                ORDER BY record_name LIMIT \(Int64(limit))
                """
            ).map { try $0.decode(String.self) }
        }
    }
}
