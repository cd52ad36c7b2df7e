import CKModel
import NIOConcurrencyHelpers

/// A storage that remembers what every data API request reads of its container — the schemas, which zones exist,
/// the subscriptions a save is matched against — so that a request makes one trip to storage before its own work,
/// not one for each of these.
///
/// What it keeps of a container is tagged with the container's version (`ServerStorage.version(of:)`) and used
/// only by a request that read that same version with its credentials (`ContainerVersion.current`): a change made
/// through any server sharing the storage moves the version on, so the next request reads afresh. A change made
/// through this one is forgotten at once, for the rest of the request that made it too. Outside a data API
/// request every read goes to storage.
public final class CachedStorage: ServerStorage {
    /// How many containers are remembered; past that memory starts over.
    static let containerCapacity = 1024

    /// The storage read and written.
    let storage: any ServerStorage
    private let memory = NIOLockedValueBox<[ContainerID: ContainerMemory]>([:])

    /// Wraps `storage`.
    public init(_ storage: any ServerStorage) {
        self.storage = storage
    }

    public func schemas(of container: ContainerID) async throws -> SchemaPair {
        try await remembered(in: container, { $0.schemas }, keep: { $0.schemas = $1 }) {
            try await storage.schemas(of: container)
        }
    }

    public func zoneExists(_ zone: ZoneKey) async throws -> Bool {
        try await remembered(in: zone.container, { $0.zoneExists[zone] }, keep: { $0.keep($1, zone: zone) }) {
            try await storage.zoneExists(zone)
        }
    }

    public func allSubscriptions(in container: ContainerID, environment: ContainerEnvironment, scope: DatabaseScope) async throws
        -> [(owner: String, subscription: Subscription)]
    {
        let key = ContainerMemory.SubscriptionsKey(environment: environment, scope: scope)
        return try await remembered(in: container, { $0.subscriptions[key] }, keep: { $0.keep($1, for: key) }) {
            try await storage.allSubscriptions(in: container, environment: environment, scope: scope)
        }
    }

    public func updateSchemas<Result: Sendable>(
        of container: ContainerID, _ body: @escaping @Sendable (inout SchemaPair) throws -> (Result, Deployment?)
    ) async throws -> Result {
        try await forgetting(container) { try await storage.updateSchemas(of: container, body) }
    }

    public func resetDevelopment(of container: ContainerID) async throws -> [String: Int] {
        try await forgetting(container) { try await storage.resetDevelopment(of: container) }
    }

    public func createZone(_ zone: ZoneKey) async throws -> ZoneState {
        try await forgetting(zone.container) { try await storage.createZone(zone) }
    }

    public func deleteZone(_ zone: ZoneKey) async throws -> Bool {
        try await forgetting(zone.container) { try await storage.deleteZone(zone) }
    }

    public func saveSubscription(_ subscription: Subscription, in database: ZoneKey.Database) async throws {
        try await forgetting(database.container) { try await storage.saveSubscription(subscription, in: database) }
    }

    public func deleteSubscription(_ subscriptionID: String, in database: ZoneKey.Database) async throws -> Bool {
        try await forgetting(database.container) { try await storage.deleteSubscription(subscriptionID, in: database) }
    }

    /// What `read` gives, remembered with the container's version the running request read: from memory when it
    /// was kept at that version, else from storage, kept for the requests after. Read afresh and not kept outside
    /// a request of this container, and for a request older than what memory holds.
    private func remembered<Value: Sendable>(
        in container: ContainerID, _ look: @Sendable (ContainerMemory) -> Value?, keep: (inout ContainerMemory, Value) -> Void,
        read: () async throws -> Value
    ) async throws -> Value {
        guard let current = ContainerVersion.current, current.container == container else { return try await read() }
        let known = memory.withLockedValue { memory in
            memory[container].flatMap { $0.version == current.version ? look($0) : nil }
        }
        if let known {
            return known
        }
        let value = try await read()
        memory.withLockedValue { memory in
            // Newer than what is kept: what is kept is stale. Older: this request's value must not replace it.
            var kept = memory[container].flatMap { $0.version < current.version ? nil : $0 } ?? ContainerMemory(version: current.version)
            guard kept.version == current.version else { return }
            if memory[container] == nil, memory.count >= Self.containerCapacity {
                memory.removeAll()
            }
            keep(&kept, value)
            memory[container] = kept
        }
        return value
    }

    /// Runs `change` and then forgets what is kept of the container: memory starts again at the version the
    /// change left, so that requests that began before it (the one that made it among them) read afresh.
    private func forgetting<Value>(_ container: ContainerID, _ change: () async throws -> Value) async throws -> Value {
        let value = try await change()
        let requestVersion = ContainerVersion.current.flatMap { $0.container == container ? $0.version : nil } ?? 0
        let before = memory.withLockedValue { memory in max(memory[container]?.version ?? 0, requestVersion) }
        // Should reading the version fail, past every version a request may have read before the change.
        let after = (try? await storage.version(of: container)) ?? before + 1
        memory.withLockedValue { memory in memory[container] = ContainerMemory(version: after) }
        return value
    }
}
