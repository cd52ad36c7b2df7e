/// One entry of a zone's change feed: a record in its latest state, or the tombstone of a deleted one.
///
/// The record's fields are not decoded: `fieldsJSON` holds them as stored, in their wire form, for the feed to
/// copy into its answer or decode when it must change them.
public struct RecordChange: Hashable, Sendable {
    /// The record, its `fields` left empty (for a tombstone, only its name and type are meaningful).
    public var record: StoredRecord
    /// The record's fields as stored: the JSON of their wire form.
    public var fieldsJSON: [UInt8]
    /// Whether the record was deleted.
    public var isDeleted: Bool
    /// The change that left the record in this state.
    public var changeNumber: Int64

    /// Creates a change entry.
    public init(record: StoredRecord, fieldsJSON: [UInt8], isDeleted: Bool, changeNumber: Int64) {
        self.record = record
        self.fieldsJSON = fieldsJSON
        self.isDeleted = isDeleted
        self.changeNumber = changeNumber
    }
}
