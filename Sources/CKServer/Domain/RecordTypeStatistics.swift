/// What the records of one type take up in a container environment: the records and each stored index.
public struct RecordTypeStatistics: Hashable, Sendable {
    /// One field's stored index: the value index (shared by QUERYABLE and SORTABLE) or the search index.
    public struct StoredIndex: Hashable, Sendable {
        /// The field indexed (system fields under their schema names).
        public var field: String
        /// Whether this is the full-text index of a SEARCHABLE field rather than the value index.
        public var isSearch: Bool
        /// Entries: one per value, or per element of a list.
        public var entries: Int
        /// Bytes of the stored keys, approximately.
        public var bytes: Int
    }

    /// The record type.
    public var recordType: String
    /// Live records of the type.
    public var records: Int
    /// Bytes of their stored fields.
    public var recordBytes: Int
    /// The indexes holding entries for the type.
    public var indexes: [StoredIndex]
}
