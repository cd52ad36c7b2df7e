import CKModel

/// How `modifyRecords(saving:…)` saves a record over the server's copy, in CloudKit's own terms.
public enum SavePolicy: Sendable, Hashable {
    /// Create a record without a change tag; update one with a tag only if the server's tag still matches, and
    /// otherwise fail it with `CONFLICT` (carrying the server's record).
    case ifServerRecordUnchanged
    /// Write the given fields whatever the server has, creating the record if it is missing.
    case changedKeys
    /// Replace the whole record whatever the server has (fields not given become empty), creating it if missing.
    case allKeys

    /// The `records/modify` operation that saves `record` under this policy.
    func operationType(for record: Record) -> RecordOperation.OperationType {
        switch self {
        case .ifServerRecordUnchanged: record.recordChangeTag == nil ? .create : .update
        case .changedKeys: .forceUpdate
        case .allKeys: .forceReplace
        }
    }
}
