import CKModel

/// One page of the zones changed in a database since a sync token.
public struct DatabaseChangesPage: Sendable {
    /// The changed zones, each a zone (deleted ones with `deleted == true`) or a per-zone error.
    public var zones: [Result<Zone, CloudKitClientError>]
    /// The token to resume from next time.
    public var syncToken: String
    /// Whether more changed zones follow this page.
    public var moreComing: Bool

    /// Creates a page.
    public init(zones: [Result<Zone, CloudKitClientError>], syncToken: String, moreComing: Bool) {
        self.zones = zones
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}
