import CKModel

extension CloudKitClient {
    /// Every subscription of this database (`subscriptions/list`), each a subscription or a per-item error.
    public func allSubscriptions() async throws -> [Result<Subscription, CloudKitClientError>] {
        let response: Subscriptions.Response = try await send(.get, path: databasePath("subscriptions/list"))
        return response.subscriptions.map(\.clientResult)
    }

    /// Subscriptions by ID (`subscriptions/lookup`), in request order: each the subscription or why it could
    /// not be had, such as `NOT_FOUND`.
    public func lookupSubscriptions(_ subscriptionIDs: [String]) async throws -> [Result<Subscription, CloudKitClientError>] {
        let request = Subscriptions.LookupRequest(subscriptions: subscriptionIDs.map(Subscriptions.Item.init(subscriptionID:)))
        let response: Subscriptions.Response = try await send(.post, path: databasePath("subscriptions/lookup"), body: request)
        return response.subscriptions.map(\.clientResult)
    }

    /// Creates and deletes subscriptions in one request (`subscriptions/modify`): the results of the saves and
    /// of the deletions, each in the order given. A deletion's success is the subscription's ID.
    /// - Parameters:
    ///   - saving: The subscriptions to create (the server names those without an ID).
    ///   - deleting: The IDs of the subscriptions to delete.
    public func modifySubscriptions(
        saving: [Subscription] = [], deleting: [String] = []
    ) async throws -> (saveResults: [Result<Subscription, CloudKitClientError>], deleteResults: [Result<String, CloudKitClientError>]) {
        let operations = saving.map { SubscriptionOperation(.create, $0) }
            + deleting.map { SubscriptionOperation(.delete, Subscription(subscriptionID: $0, subscriptionType: .zone)) }
        let request = Subscriptions.ModifyRequest(operations: operations)
        let response: Subscriptions.Response = try await send(.post, path: databasePath("subscriptions/modify"), body: request)
        return try Self.splitModifyResults(
            response.subscriptions.map(\.clientResult), savedCount: saving.count, deleted: deleting, operation: "subscriptions/modify")
    }
}
