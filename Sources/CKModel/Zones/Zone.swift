/// A zone dictionary: a zone's ID with its change-tracking state.
public struct Zone: Hashable, Sendable, Codable {
    /// The zone's identity.
    public var zoneID: ZoneID
    /// The zone's current sync token, for `changes/zone`.
    public var syncToken: String?
    /// Whether the zone applies modify batches atomically.
    public var atomic: Bool?
    /// Set in change feeds and deletion results for a zone that no longer exists.
    public var deleted: Bool?

    /// Creates a zone dictionary.
    public init(zoneID: ZoneID, syncToken: String? = nil, atomic: Bool? = nil, deleted: Bool? = nil) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.atomic = atomic
        self.deleted = deleted
    }
}
