import CKModel

/// Subscriptions of each database. One concern of `ServerStorage`.
public protocol SubscriptionStorage: Sendable {
    /// The subscriptions of one database, by ID.
    func subscriptions(in database: ZoneKey.Database) async throws -> [Subscription]

    /// Every subscription in one kind of database of a container environment, with the user it belongs to.
    func allSubscriptions(in container: ContainerID, environment: ContainerEnvironment, scope: DatabaseScope) async throws
        -> [(owner: String, subscription: Subscription)]

    /// Stores a subscription under its ID, replacing one with the same ID.
    func saveSubscription(_ subscription: Subscription, in database: ZoneKey.Database) async throws

    /// Deletes a subscription; `false` if there was none with that ID.
    func deleteSubscription(_ subscriptionID: String, in database: ZoneKey.Database) async throws -> Bool
}
