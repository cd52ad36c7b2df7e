/// A REFERENCE value: a pointer to another record, with what happens when that record goes away.
public struct Reference: Hashable, Sendable, Codable {
    /// The target record's name.
    public var recordName: String
    /// The target's zone; `nil` means the zone of the record holding the reference.
    public var zoneID: ZoneID?
    /// The delete rule. Required when saving a record, optional inside a query.
    public var action: ReferenceAction?

    /// Creates a reference.
    public init(recordName: String, zoneID: ZoneID? = nil, action: ReferenceAction? = nil) {
        self.recordName = recordName
        self.zoneID = zoneID
        self.action = action
    }
}

/// What a reference does when its target is deleted.
public enum ReferenceAction: String, CaseIterable, Hashable, Sendable, Codable {
    /// Nothing: the reference dangles.
    case none = "NONE"
    /// Deleting the target deletes the record holding the reference.
    case deleteSelf = "DELETE_SELF"
    /// The target must exist when the reference is saved, and is kept while references to it remain.
    case validate = "VALIDATE"
}
