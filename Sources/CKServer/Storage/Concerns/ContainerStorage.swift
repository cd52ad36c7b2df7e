import CKModel

/// The containers, their schemas and deployment history, and the version that tells servers sharing the storage when what they keep of a container is stale. One concern of `ServerStorage`.
public protocol ContainerStorage: Sendable {
    /// Adds a container with empty schemas in both environments; `EXISTS` if the ID is taken.
    func createContainer(_ container: ContainerInfo) async throws

    /// The container with this ID, or `nil`.
    func container(_ id: ContainerID) async throws -> ContainerInfo?

    /// Every container, by ID.
    func containers() async throws -> [ContainerInfo]

    /// The container's version, or `nil` for an unknown container: a number that moves on, in the same
    /// transaction, with every change to the container's schemas, deployments or subscriptions, and with every
    /// zone created or deleted in it. What a server keeps of these in memory is valid while the version is the one
    /// it was read at (`CachedStorage`), whichever server sharing the storage made the change.
    func version(of container: ContainerID) async throws -> Int64?

    /// Reads both schemas of a container, lets `body` change them, and writes back what changed, with the
    /// deployment `body` returns (if any) appended to the history. `NOT_FOUND` for an unknown container.
    func updateSchemas<Result: Sendable>(
        of container: ContainerID, _ body: @escaping @Sendable (inout SchemaPair) throws -> (Result, Deployment?)
    ) async throws -> Result

    /// Both schemas of a container as they are now, read without taking the write lock; `NOT_FOUND` for an
    /// unknown container.
    func schemas(of container: ContainerID) async throws -> SchemaPair

    /// The container's deployments, oldest first.
    func deployments(of container: ContainerID) async throws -> [Deployment]

    /// Deletes every development zone of the container with its records, and every development
    /// subscription, and sets the development schema to production's, in one transaction. Returns the live
    /// records deleted, by record type.
    func resetDevelopment(of container: ContainerID) async throws -> [String: Int]
}
