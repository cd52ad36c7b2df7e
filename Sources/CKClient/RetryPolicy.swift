/// How many times a throttled, busy or dropped request is sent, and how long the client waits in between.
///
/// Waits grow exponentially from `baseDelay` up to `maximumDelay`, each with random jitter so that clients
/// throttled together do not come back together; when the server says `retryAfter`, the client waits at least
/// that long, even beyond `maximumDelay`.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts per request, the first included; 1 never retries.
    public var maximumAttempts: Int
    /// The wait before the first retry, doubled before each next one.
    public var baseDelay: Duration
    /// The longest wait the doubling reaches.
    public var maximumDelay: Duration

    /// Creates a policy.
    /// - Parameters:
    ///   - maximumAttempts: The most attempts per request, the first included (at least 1).
    ///   - baseDelay: The wait before the first retry.
    ///   - maximumDelay: The longest wait the doubling reaches.
    public init(maximumAttempts: Int, baseDelay: Duration, maximumDelay: Duration) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// Four attempts, waiting about 0.5, 1 and 2 seconds (or what the server asks) in between.
    public static let `default` = RetryPolicy(maximumAttempts: 4, baseDelay: .milliseconds(500), maximumDelay: .seconds(30))

    /// One attempt: every failure reaches the caller at once.
    public static let never = RetryPolicy(maximumAttempts: 1, baseDelay: .zero, maximumDelay: .zero)

    /// The wait after failed attempt number `attempt` (1 for the first): half to all of the doubled delay, or
    /// `retryAfter` seconds plus up to a tenth more when the server gave it.
    func delay(afterAttempt attempt: Int, retryAfter: Double?) -> Duration {
        if let retryAfter, retryAfter > 0 {
            return .seconds(retryAfter * Double.random(in: 1...1.1))
        }
        let doubled = baseDelay * (1 << min(attempt - 1, 30))
        return min(doubled, maximumDelay) * Double.random(in: 0.5...1)
    }
}
