/// One change to a stored record, applied only if the record is still as the service saw it.
public enum RecordWrite: Hashable, Sendable {
    /// Adds a record; fails with `EXISTS` if the name is taken.
    case insert(StoredRecord)
    /// Replaces a record whose change tag is still `expectedTag`; fails with `CONFLICT` otherwise.
    case update(StoredRecord, expectedTag: String)
    /// Removes a record whose change tag is still `expectedTag`; fails with `CONFLICT` otherwise.
    case delete(recordName: String, expectedTag: String)

    /// The record the write is about.
    public var recordName: String {
        switch self {
        case .insert(let record), .update(let record, _): record.recordName
        case .delete(let name, _): name
        }
    }
}
