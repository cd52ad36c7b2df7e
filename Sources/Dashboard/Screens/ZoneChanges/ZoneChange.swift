import CKModel
import Foundation

/// One record change of a zone's change feed as the live view lists it: whether the record was created, updated
/// or deleted, its type, name and change tag, and when.
struct ZoneChange: Equatable {
    /// What happened to the record.
    enum Kind: String {
        case created, updated, deleted
    }

    var kind: Kind
    var recordType: String
    var recordName: String
    /// The record's change tag after the save; `nil` for a deletion.
    var changeTag: String?
    /// When the record was saved; for a deletion, which the feed gives no time, when the dashboard saw it.
    var time: Date

    /// The change `record` of a feed page stands for, seen at `seen`: a save is a creation when the record was
    /// modified when it was created.
    init(_ record: Record, seen: Date) {
        let isDeleted = record.deleted == true
        kind = isDeleted ? .deleted : (record.created?.timestamp == record.modified?.timestamp ? .created : .updated)
        recordType = record.recordType ?? "—"
        recordName = record.recordName ?? "—"
        changeTag = isDeleted ? nil : record.recordChangeTag
        time = isDeleted ? seen : (record.modified?.timestamp.date ?? seen)
    }

    /// What the `/` filter matches: the record's type and name.
    var filterText: String { "\(recordType) \(recordName)" }
}
