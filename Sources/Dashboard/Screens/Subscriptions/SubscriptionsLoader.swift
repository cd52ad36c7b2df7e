import CKClient
import CKModel

/// Fetches, creates and deletes the subscriptions of the session's database.
struct SubscriptionsLoader: Sendable {
    let client: CloudKitClient

    /// The subscriptions by ID; one the server could not answer is an error.
    func subscriptions() async throws -> [Subscription] {
        var subscriptions: [Subscription] = []
        for result in try await client.allSubscriptions() {
            subscriptions.append(try result.get())
        }
        return subscriptions.sorted { ($0.subscriptionID ?? "") < ($1.subscriptionID ?? "") }
    }

    /// The zones a zone subscription can watch.
    func zones() async throws -> [Zone] {
        try await ZonesLoader(client: client).zones()
    }

    /// Creates `subscription`; the server names it when it has no ID.
    func create(_ subscription: Subscription) async throws -> Subscription {
        let (saved, _) = try await client.modifySubscriptions(saving: [subscription])
        return try saved.onlyResult(of: "subscriptions/modify")
    }

    /// Deletes the subscription with the ID `subscriptionID`.
    func delete(_ subscriptionID: String) async throws {
        let (_, deleted) = try await client.modifySubscriptions(deleting: [subscriptionID])
        _ = try deleted.onlyResult(of: "subscriptions/modify")
    }
}
