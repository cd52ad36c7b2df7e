import CKModel

/// One change to a stored record, applied only if the record is still as the service saw it, with the
/// index entries the record has after it.
public enum RecordWrite: Hashable, Sendable {
    /// Adds a record; fails with `EXISTS` if the name is taken.
    case insert(StoredRecord, RecordIndexes)
    /// Replaces a record whose change tag is still `expectedTag`; fails with `CONFLICT` otherwise.
    case update(StoredRecord, RecordIndexes, expectedTag: String)
    /// Removes a record whose change tag is still `expectedTag`; fails with `CONFLICT` otherwise.
    case delete(recordName: String, expectedTag: String)

    /// The record the write is about.
    public var recordName: String {
        switch self {
        case .insert(let record, _), .update(let record, _, _): record.recordName
        case .delete(let name, _): name
        }
    }
}

/// What a write did: the record's new change tag and, for a delete, the records its DELETE_SELF references
/// deleted with it (as they were), so their subscriptions hear of it too.
public struct AppliedWrite: Hashable, Sendable {
    /// The change tag the record has now (for a delete, its tombstone's).
    public var changeTag: String
    /// The records a delete's cascade removed, besides the record itself.
    public var cascaded: [StoredRecord]

    /// Creates a write's outcome.
    public init(changeTag: String, cascaded: [StoredRecord] = []) {
        self.changeTag = changeTag
        self.cascaded = cascaded
    }
}

/// What a record puts in the indexes: value entries for QUERYABLE and SORTABLE fields, texts for
/// SEARCHABLE ones, and its references that carry a rule (DELETE_SELF, VALIDATE).
public struct RecordIndexes: Hashable, Sendable {
    /// Entries of the value index.
    public var entries: [IndexEntry]
    /// Texts of the full-text index.
    public var searchEntries: [SearchEntry]
    /// The records of the same zone this one references with DELETE_SELF or VALIDATE.
    public var references: [ReferenceEntry]
    /// The receipts of the uploaded files the record's ASSET fields hold.
    public var assetReceipts: [String]

    /// Creates a record's index entries.
    public init(
        entries: [IndexEntry] = [], searchEntries: [SearchEntry] = [], references: [ReferenceEntry] = [], assetReceipts: [String] = []
    ) {
        self.entries = entries
        self.searchEntries = searchEntries
        self.references = references
        self.assetReceipts = assetReceipts
    }
}

/// A reference with a rule: deleting the target deletes the source (DELETE_SELF), or the target must exist
/// and cannot be deleted while referenced (VALIDATE).
public struct ReferenceEntry: Hashable, Sendable {
    /// The referenced record's name.
    public var targetRecordName: String
    /// The rule.
    public var action: ReferenceAction

    /// Creates a reference entry.
    public init(targetRecordName: String, action: ReferenceAction) {
        self.targetRecordName = targetRecordName
        self.action = action
    }
}
