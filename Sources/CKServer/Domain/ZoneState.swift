/// A zone that exists, with the number of the last change made in it.
public struct ZoneState: Hashable, Sendable {
    /// The zone.
    public var key: ZoneKey
    /// Which life of the zone this is: a zone deleted and created again is a new one (0 before its first write).
    public var incarnation: Int64
    /// The last change number given in the zone (0 before the first write).
    public var lastChange: Int64

    /// Creates a zone state.
    public init(key: ZoneKey, incarnation: Int64, lastChange: Int64) {
        self.key = key
        self.incarnation = incarnation
        self.lastChange = lastChange
    }

    /// The token that resumes after the zone's last change.
    public var syncToken: SyncToken {
        SyncToken(incarnation: incarnation, changeNumber: lastChange)
    }
}
