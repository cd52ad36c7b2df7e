import CKModel
import Foundation
import PostgresNIO

/// New records and their value, search and reference entries, written together, a statement for each table.
/// `PostgresZoneTransaction` holds a batch's new records back in one, instead of several round trips a record (a
/// round trip costs more than the writing), while nothing reads what they change: the zone's writers take turns
/// on its row, so no one else writes its records meanwhile, and the transaction writes them out before any other
/// statement. `reindex` writes a page of records' entries in one too.
struct PendingRecordRows {
    private var records: [(record: StoredRecord, changeTag: String, changeNumber: Int64)] = []
    private var entries: [(recordType: String, recordName: String, entry: IndexEntry)] = []
    private var searchEntries: [(recordType: String, recordName: String, entry: SearchEntry)] = []
    private var references: [(source: String, reference: ReferenceEntry)] = []
    /// Search rows a statement writes at most: six parameters each, well under PostgreSQL's 65,535.
    private static let searchRowsPerStatement = 1_000
    /// Whether a record may meet a row of its name (a tombstone, which it then replaces, or a live record, which
    /// it leaves alone): the statement then needs `ON CONFLICT`, which costs even where nothing conflicts.
    private var mayMeetRow = false

    var isEmpty: Bool { records.isEmpty && entries.isEmpty && searchEntries.isEmpty && references.isEmpty }

    /// How many records are held.
    var recordCount: Int { records.count }

    /// Holds a new record; `mayMeetRow`: a row of its name may exist.
    mutating func insert(_ record: StoredRecord, changeTag: String, changeNumber: Int64, mayMeetRow: Bool) {
        records.append((record, changeTag, changeNumber))
        self.mayMeetRow = self.mayMeetRow || mayMeetRow
    }

    /// Holds a record's value, search and reference entries; its uploads and its share, which are rare, are
    /// `PostgresStorage.replaceIndexes`' to write.
    mutating func index(_ record: StoredRecord, _ indexes: RecordIndexes) {
        entries += indexes.entries.map { (record.recordType, record.recordName, $0) }
        searchEntries += indexes.searchEntries.map { (record.recordType, record.recordName, $0) }
        references += indexes.references.map { (record.recordName, $0) }
    }

    /// Writes the held rows in the zone and forgets them: each record inserted, or written over its tombstone,
    /// and left alone where a live record has its name. Returns how many records it wrote.
    mutating func write(inZone zoneID: Int64, in transaction: PostgresTransaction) throws -> Int {
        var written = 0
        if !records.isEmpty {
            let rows = records.map(\.record)
            let conflict = mayMeetRow ? """
                ON CONFLICT (zone_id, record_name) DO UPDATE SET
                    record_type = excluded.record_type, change_tag = excluded.change_tag, fields = excluded.fields,
                    created_at = excluded.created_at, created_by = excluded.created_by,
                    created_device = excluded.created_device, modified_at = excluded.modified_at,
                    modified_by = excluded.modified_by, modified_device = excluded.modified_device, deleted = FALSE,
                    change_number = excluded.change_number, parent_name = excluded.parent_name, share_info = excluded.share_info
                WHERE records.deleted
                """ : ""
            // Each column an array, unnested: nullable texts as array literals, which postgres-nio's arrays cannot hold.
            written = try transaction.execute("""
                INSERT INTO records (zone_id, record_name, record_type, change_tag, fields, created_at, created_by,
                    created_device, modified_at, modified_by, modified_device, deleted, change_number, parent_name, share_info)
                SELECT \(zoneID), name, type, tag, fields, created_at, created_by, created_device, modified_at, modified_by,
                    modified_device, FALSE, change_number, parent_name, share_info
                FROM UNNEST(\(rows.map(\.recordName))::text[], \(rows.map(\.recordType))::text[], \(records.map(\.changeTag))::text[],
                    \(rows.map { StoredText.fields($0.fields) })::text[], \(rows.map(\.created.timestamp.millisecondsSince1970))::bigint[],
                    \(Self.arrayLiteral(rows.map(\.created.userRecordName)))::text[], \(Self.arrayLiteral(rows.map(\.created.deviceID)))::text[],
                    \(rows.map(\.modified.timestamp.millisecondsSince1970))::bigint[],
                    \(Self.arrayLiteral(rows.map(\.modified.userRecordName)))::text[], \(Self.arrayLiteral(rows.map(\.modified.deviceID)))::text[],
                    \(records.map(\.changeNumber))::bigint[], \(Self.arrayLiteral(rows.map(\.parent)))::text[],
                    \(Self.arrayLiteral(try rows.map { try StoredText.share($0.shareInfo) }))::text[])
                    AS row(name, type, tag, fields, created_at, created_by, created_device, modified_at, modified_by, modified_device,
                        change_number, parent_name, share_info)
                \(unescaped: conflict)
                """)
            records = []
            mayMeetRow = false
        }
        if !entries.isEmpty {
            let values = entries.map { IndexColumns($0.entry.value) }
            try transaction.execute("""
                INSERT INTO record_index (zone_id, record_type, field_name, number, number_is_real, text, record_name)
                SELECT \(zoneID), record_type, field, CASE WHEN is_number THEN number::numeric END, is_real,
                    CASE WHEN is_number THEN NULL ELSE text END, record_name
                FROM UNNEST(\(entries.map(\.recordType))::text[], \(entries.map(\.entry.fieldName))::text[],
                    \(values.map { $0.number != nil })::boolean[], \(values.map { $0.number ?? "" })::text[], \(values.map(\.isReal))::boolean[],
                    \(values.map { $0.text ?? "" })::text[], \(entries.map(\.recordName))::text[])
                    AS entry(record_type, field, is_number, number, is_real, text, record_name)
                """)
            entries = []
        }
        if !references.isEmpty {
            try transaction.execute("""
                INSERT INTO record_references (zone_id, source_name, target_name, action)
                SELECT \(zoneID), source, target, action
                FROM UNNEST(\(references.map(\.source))::text[], \(references.map(\.reference.targetRecordName))::text[],
                    \(references.map(\.reference.action.rawValue))::text[]) AS reference(source, target, action)
                """)
            references = []
        }
        for start in stride(from: 0, to: searchEntries.count, by: Self.searchRowsPerStatement) {
            // A row's tokens are an array of their own: values row by row rather than arrays unnested.
            var statement = PostgresStatement("INSERT INTO record_search (zone_id, record_type, field_name, record_name, tokens, content) VALUES ")
            let rows = searchEntries[start..<min(start + Self.searchRowsPerStatement, searchEntries.count)].map { row in
                let values = [
                    statement.bind(zoneID), statement.bind(row.recordType), statement.bind(row.entry.fieldName), statement.bind(row.recordName),
                    statement.bind(TextTokens.tokens(row.entry.text)) + "::text[]", statement.bind(row.entry.text),
                ]
                return "(" + values.joined(separator: ", ") + ")"
            }
            statement.append(rows.joined(separator: ", "))
            try transaction.execute(statement.query)
        }
        searchEntries = []
        return written
    }

    /// A text array as PostgreSQL reads it from text, `NULL` for each missing element: `{"a",NULL,"b \"c"}`.
    /// Written byte by byte into one buffer: Foundation's `replacingOccurrences` twice per element took about a
    /// fifth of the server's CPU in a batch of 200 records.
    static func arrayLiteral(_ values: [String?]) -> String {
        var literal: [UInt8] = [UInt8(ascii: "{")]
        literal.reserveCapacity(values.count * 36)
        for (index, value) in values.enumerated() {
            if index > 0 { literal.append(UInt8(ascii: ",")) }
            guard let value else {
                literal.append(contentsOf: "NULL".utf8)
                continue
            }
            literal.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { literal.append(UInt8(ascii: "\\")) }
                literal.append(byte)
            }
            literal.append(UInt8(ascii: "\""))
        }
        literal.append(UInt8(ascii: "}"))
        return String(decoding: literal, as: UTF8.self)
    }
}
