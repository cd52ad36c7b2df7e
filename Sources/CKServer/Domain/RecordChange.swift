/// One entry of a zone's change feed: a record in its latest state, or the tombstone of a deleted one.
public struct RecordChange: Hashable, Sendable {
    /// The record (for a tombstone, only its name and type are meaningful).
    public var record: StoredRecord
    /// Whether the record was deleted.
    public var isDeleted: Bool
    /// The change that left the record in this state.
    public var changeNumber: Int64

    /// Creates a change entry.
    public init(record: StoredRecord, isDeleted: Bool, changeNumber: Int64) {
        self.record = record
        self.isDeleted = isDeleted
        self.changeNumber = changeNumber
    }
}
