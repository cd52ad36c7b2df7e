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

    /// The database the zone is in.
    public var databaseKey: Database {
        Database(container: container, environment: environment, scope: database, ownerRecordName: ownerRecordName)
    }

    /// One database of a container environment: the public one, or a user's private or shared one.
    public struct Database: Hashable, Sendable {
        public var container: ContainerID
        public var environment: ContainerEnvironment
        public var scope: DatabaseScope
        /// The user whose database it is; empty for the public database.
        public var ownerRecordName: String

        /// Creates a database key.
        public init(container: ContainerID, environment: ContainerEnvironment, scope: DatabaseScope, ownerRecordName: String) {
            self.container = container
            self.environment = environment
            self.scope = scope
            self.ownerRecordName = ownerRecordName
        }

        /// The zone of this database with this name.
        public func zone(_ zoneName: String) -> ZoneKey {
            ZoneKey(container: container, environment: environment, database: scope, ownerRecordName: ownerRecordName, zoneName: zoneName)
        }
    }
}
