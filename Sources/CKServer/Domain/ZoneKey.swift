import CKModel

/// Locates a zone on the server: container, environment, database, owner and zone name.
public struct ZoneKey: Hashable, Sendable {
    /// The container.
    public var container: ContainerID
    /// The environment.
    public var environment: ContainerEnvironment
    /// The database.
    public var database: DatabaseScope
    /// Whose database: a user's record name for private and shared ones, empty for the public database.
    public var ownerRecordName: String
    /// The zone's name.
    public var zoneName: String

    /// Creates a zone key.
    public init(container: ContainerID, environment: ContainerEnvironment, database: DatabaseScope, ownerRecordName: String, zoneName: String) {
        self.container = container
        self.environment = environment
        self.database = database
        self.ownerRecordName = ownerRecordName
        self.zoneName = zoneName
    }

    /// Whether this is a database's default zone, which always exists and is never atomic.
    public var isDefaultZone: Bool { zoneName == ZoneID.defaultZoneName }
}
