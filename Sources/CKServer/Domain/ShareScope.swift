import CKModel

/// How much of another user's zone a signed-in user reaches through the shares they accepted there.
public struct ShareScope: Sendable {
    /// The most the shares let them do.
    public var permission: SharePermission
    /// The records shared (the share records included), or `nil` when a share covers the whole zone.
    public var recordNames: Set<String>?
    /// The records they may change: those of READ_WRITE shares, or `nil` when such a share covers the zone.
    public var writableNames: Set<String>?
    /// Names a new record of theirs may not take in this request: any record's, a deleted one's included, or
    /// a parent some record names, so a write cannot pull unshared records into the share.
    public var takenNames: Set<String> = []

    /// Creates a scope.
    public init(permission: SharePermission, recordNames: Set<String>?, writableNames: Set<String>?) {
        self.permission = permission
        self.recordNames = recordNames
        self.writableNames = writableNames
    }

    /// Whether the record is shared with the user.
    public func contains(_ recordName: String) -> Bool {
        recordNames?.contains(recordName) ?? true
    }

    /// Whether the user may change the record (or give it a child).
    public func allowsWriting(_ recordName: String) -> Bool {
        permission == .readWrite && (writableNames?.contains(recordName) ?? true)
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
