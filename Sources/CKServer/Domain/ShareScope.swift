import CKModel

/// How much of another user's zone a signed-in user reaches through the shares they accepted there.
public struct ShareScope: Sendable {
    /// The most the shares let them do.
    public var permission: SharePermission
    /// The records shared (the share records included), or `nil` when a share covers the whole zone.
    public var recordNames: Set<String>?

    /// Creates a scope.
    public init(permission: SharePermission, recordNames: Set<String>?) {
        self.permission = permission
        self.recordNames = recordNames
    }

    /// Whether the record is shared with the user.
    public func contains(_ recordName: String) -> Bool {
        recordNames?.contains(recordName) ?? true
    }
}

/// A zone a request reaches: the key of its records, and for a zone shared with the caller, how much of it.
public struct ReachedZone: Sendable {
    /// Where the zone's records are: for a shared zone, its owner's private zone.
    public var key: ZoneKey
    /// `nil` for a zone of the caller's own (or the public) database, where nothing is hidden by sharing.
    public var scope: ShareScope?

    /// Creates a reached zone.
    public init(key: ZoneKey, scope: ShareScope? = nil) {
        self.key = key
        self.scope = scope
    }
}
