/// `GET /management/1/containers/{container}/schema/{environment}/statistics`: what each record type of an
/// environment holds, over every database and zone.
public enum ManagementStatistics {
    /// The statistics of every record type of the environment's schema.
    public struct Response: Hashable, Sendable, Codable {
        /// Development or production.
        public var environment: ContainerEnvironment
        /// One entry per record type, by name.
        public var recordTypes: [RecordType]

        /// Creates a statistics answer.
        public init(environment: ContainerEnvironment, recordTypes: [RecordType]) {
            self.environment = environment
            self.recordTypes = recordTypes
        }
    }

    /// One record type: its records and its indexes.
    public struct RecordType: Hashable, Sendable, Codable {
        /// The type's name.
        public var name: String
        /// Live records.
        public var records: Int
        /// Bytes of the records' stored fields.
        public var recordBytes: Int
        /// Every index the schema declares on the type, with what it stores.
        public var indexes: [Index]

        /// Creates a record type entry.
        public init(name: String, records: Int, recordBytes: Int, indexes: [Index]) {
            self.name = name
            self.records = records
            self.recordBytes = recordBytes
            self.indexes = indexes
        }
    }

    /// One index of a field. QUERYABLE and SORTABLE on the same field share one stored index, so both
    /// report the same entries and bytes.
    public struct Index: Hashable, Sendable, Codable {
        /// The field indexed.
        public var field: String
        /// `QUERYABLE`, `SORTABLE` or `SEARCHABLE`.
        public var index: String
        /// Entries: one per value, or per element of a list.
        public var entries: Int
        /// Bytes of the stored keys, approximately.
        public var bytes: Int

        /// Creates an index entry.
        public init(field: String, index: String, entries: Int, bytes: Int) {
            self.field = field
            self.index = index
            self.entries = entries
            self.bytes = bytes
        }
    }
}
