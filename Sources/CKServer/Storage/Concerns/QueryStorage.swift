import CKModel

/// What a query reads: index ranges, a type's records in name order, and full-text matches. One concern of `ServerStorage`.
public protocol QueryStorage: Sendable {
    /// Reads a field's value index within a range, after `cursor`, at most `limit` entries.
    func scan(_ scan: IndexScan, in zone: ZoneKey, after cursor: IndexHit?, limit: Int) async throws -> [IndexHit]

    /// A type's live records in name order, after `cursor`, at most `limit`, read in one statement for an answer.
    func recordRows(ofType recordType: String, in zone: ZoneKey, after cursor: String?, limit: Int) async throws -> [StoredRecordRow]

    /// The records of a type whose SEARCHABLE field matches every (or, with `matchAll` false, any) of the
    /// tokens, in name order, after `cursor`, at most `limit`.
    func search(
        _ tokens: [String], matchAll: Bool, recordType: String, fieldName: String, in zone: ZoneKey, after cursor: String?, limit: Int
    ) async throws -> [String]
}
