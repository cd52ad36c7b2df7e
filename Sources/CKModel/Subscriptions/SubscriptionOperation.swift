/// One entry of a `subscriptions/modify` request.
public struct SubscriptionOperation: Hashable, Sendable, Codable {
    /// `create`, `update` or `delete`.
    public var operationType: OperationType
    /// The subscription (for delete, its ID is enough).
    public var subscription: Subscription

    /// Creates an operation.
    public init(_ operationType: OperationType, _ subscription: Subscription) {
        self.operationType = operationType
        self.subscription = subscription
    }

    /// The kinds of subscription change.
    public enum OperationType: String, CaseIterable, Hashable, Sendable, Codable {
        case create
        case update
        case delete
    }
}
