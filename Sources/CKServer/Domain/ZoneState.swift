/// A zone that exists, with the number of the last change made in it.
public struct ZoneState: Hashable, Sendable {
    /// The zone.
    public var key: ZoneKey
    /// The last change number given in the zone (0 before the first write).
    public var lastChange: Int64

    /// Creates a zone state.
    public init(key: ZoneKey, lastChange: Int64) {
        self.key = key
        self.lastChange = lastChange
    }
}
