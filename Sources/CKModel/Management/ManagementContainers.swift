/// `GET /management/1/containers` and `POST /management/1/containers`: the containers of a server.
public enum ManagementContainers {
    /// One container with how many live records each of its databases holds.
    public struct Container: Hashable, Sendable, Codable {
        /// The container's identifier.
        public var containerID: ContainerID
        /// When it was created, in milliseconds since 1970.
        public var createdTimestamp: Int64
        /// Live records per environment and database; databases without records are left out.
        public var recordCounts: [RecordCount]

        /// Creates a container entry.
        public init(containerID: ContainerID, createdTimestamp: Int64, recordCounts: [RecordCount]) {
            self.containerID = containerID
            self.createdTimestamp = createdTimestamp
            self.recordCounts = recordCounts
        }
    }

    /// The live records of one database of one environment (private and shared: every user's together).
    public struct RecordCount: Hashable, Sendable, Codable {
        /// Development or production.
        public var environment: ContainerEnvironment
        /// Public, private or shared.
        public var database: DatabaseScope
        /// How many live records.
        public var records: Int

        /// Creates a count.
        public init(environment: ContainerEnvironment, database: DatabaseScope, records: Int) {
            self.environment = environment
            self.database = database
            self.records = records
        }
    }

    /// The answer of the list: every container the token may see, by identifier.
    public struct ListResponse: Hashable, Sendable, Codable {
        /// The containers.
        public var containers: [Container]

        /// Creates a list answer.
        public init(containers: [Container]) {
            self.containers = containers
        }
    }

    /// The body of a create.
    public struct CreateRequest: Hashable, Sendable, Codable {
        /// The new container's identifier, such as `iCloud.com.example.App`.
        public var containerID: ContainerID

        /// Creates a create request.
        public init(containerID: ContainerID) {
            self.containerID = containerID
        }
    }
}
