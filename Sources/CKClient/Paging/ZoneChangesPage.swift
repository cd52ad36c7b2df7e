import CKModel

/// One page of the records changed in a zone since a sync token.
public struct ZoneChangesPage: Sendable, Hashable {
    /// The zone.
    public var zoneID: ZoneID
    /// The changed records in their latest state; deleted ones with `deleted == true`.
    public var records: [Record]
    /// The token to resume from next time: after this page, or after everything when `moreComing` is false.
    public var syncToken: String
    /// Whether more changes follow this page.
    public var moreComing: Bool

    /// Creates a page.
    public init(zoneID: ZoneID, records: [Record], syncToken: String, moreComing: Bool) {
        self.zoneID = zoneID
        self.records = records
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}
