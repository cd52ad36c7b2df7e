/// A rule firing or recovering, as the server recorded it.
public struct AlertEvent: Hashable, Sendable, Codable {
    /// Whether the rule fired or recovered.
    public enum Kind: String, Hashable, Sendable, Codable {
        case fired
        case recovered
    }

    /// The rule's ID and name.
    public var ruleID: String
    public var ruleName: String
    /// The container it watches.
    public var containerID: ContainerID
    /// Fired or recovered.
    public var kind: Kind
    /// When, in milliseconds since 1970.
    public var timestamp: Int64
    /// The metric's value over the window then, and the threshold it was held against (in the metric's unit).
    public var value: Double
    public var threshold: Double

    /// Creates an event.
    public init(ruleID: String, ruleName: String, containerID: ContainerID, kind: Kind, timestamp: Int64, value: Double, threshold: Double) {
        self.ruleID = ruleID
        self.ruleName = ruleName
        self.containerID = containerID
        self.kind = kind
        self.timestamp = timestamp
        self.value = value
        self.threshold = threshold
    }
}
