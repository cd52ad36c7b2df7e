/// One entry of a zone's change feed: a record in its latest state, or the tombstone of a deleted one.
public struct RecordChange: Hashable, Sendable {
    /// The record as read, its fields in their stored JSON (for a tombstone, only its name and type are meaningful).
    public var row: StoredRecordRow
    /// Whether the record was deleted.
    public var isDeleted: Bool
    /// The change that left the record in this state.
    public var changeNumber: Int64

    /// Creates a change entry.
    public init(row: StoredRecordRow, isDeleted: Bool, changeNumber: Int64) {
        self.row = row
        self.isDeleted = isDeleted
        self.changeNumber = changeNumber
    }

    /// The record, its `fields` left empty.
    public var record: StoredRecord { row.record }
}
