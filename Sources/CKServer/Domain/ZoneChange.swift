/// One entry of a database's change feed: a zone written or created since the token, or deleted.
public struct ZoneChange: Hashable, Sendable {
    /// The zone as it is now (a deleted zone has no incarnation).
    public var state: ZoneState
    /// Whether the zone was deleted.
    public var isDeleted: Bool
    /// The database change that put the zone in the feed.
    public var databaseChange: Int64

    /// Creates a zone change.
    public init(state: ZoneState, isDeleted: Bool, databaseChange: Int64) {
        self.state = state
        self.isDeleted = isDeleted
        self.databaseChange = databaseChange
    }
}
