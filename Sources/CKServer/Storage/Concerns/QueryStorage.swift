import CKModel

/// What a query reads: index ranges, a type's records in name order, and full-text matches. One concern of `ServerStorage`.
public protocol QueryStorage: Sendable {
    /// Reads a field's value index within a range, after `cursor`, at most `limit` entries.
    func scan(_ scan: IndexScan, in zone: ZoneKey, after cursor: IndexHit?, limit: Int) async throws -> [IndexHit]

    /// Hands `body` a type's live records in name order, after `cursor`, at most `limit`, read in one statement
    /// for an answer, each row as the engine holds it.
    func forEachRecordRow(
        ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws

    /// The records of a type whose SEARCHABLE field matches every (or, with `matchAll` false, any) of the
    /// tokens, in name order, after `cursor`, at most `limit`.
    func search(
        _ tokens: [String], matchAll: Bool, recordType: String, fieldName: String, in zone: ZoneKey, after cursor: String?, limit: Int
    ) async throws -> [String]
}

extension QueryStorage {
    /// A type's live records in name order, after `cursor`, at most `limit`, read in one statement for an answer.
    func recordRows(ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int) async throws -> [StoredRecordRow] {
        var rows: [StoredRecordRow] = []
        try await forEachRecordRow(ofType: recordType, in: zone, after: cursor, limit: limit) { rows.append(try $0.storedRow()) }
        return rows
    }
}
