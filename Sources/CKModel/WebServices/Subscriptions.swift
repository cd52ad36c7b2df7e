/// `GET …/subscriptions/list`, `POST …/subscriptions/lookup` and `POST …/subscriptions/modify`.
public enum Subscriptions {
    /// The body of `subscriptions/lookup`.
    public struct LookupRequest: Hashable, Sendable, Codable {
        /// The subscriptions wanted.
        public var subscriptions: [Item]

        /// Creates a lookup request.
        public init(subscriptions: [Item]) {
            self.subscriptions = subscriptions
        }
    }

    /// One subscription asked for, by ID.
    public struct Item: Hashable, Sendable, Codable {
        /// The subscription's ID.
        public var subscriptionID: String

        /// Creates an item.
        public init(subscriptionID: String) {
            self.subscriptionID = subscriptionID
        }
    }

    /// The body of `subscriptions/modify`: creations, updates and deletions, in order.
    public struct ModifyRequest: Hashable, Sendable, Codable {
        /// The operations.
        public var operations: [SubscriptionOperation]

        /// Creates a modify request.
        public init(operations: [SubscriptionOperation]) {
            self.operations = operations
        }
    }

    /// The response of all three: one entry per subscription, a subscription or a per-subscription error.
    public struct Response: Hashable, Sendable, Codable {
        /// The subscriptions.
        public var subscriptions: [ItemResult<Subscription>]

        /// Creates a response.
        public init(subscriptions: [ItemResult<Subscription>]) {
            self.subscriptions = subscriptions
        }
    }
}
