/// What routes need to do their work: the storage and the configuration, handed to every route group.
public struct ServerServices: Sendable {
    /// Where the server's state lives.
    public var storage: any ServerStorage
    /// Lifetimes and limits.
    public var configuration: ServerConfiguration
    /// Wakes long-poll courier requests when their notifications arrive.
    public var courierBell = CourierBell()
    /// Delivers the notifications of saves after they answered, in order.
    public var notificationDeliveries = NotificationDeliveries()
    /// What the request bodies in flight hold, within the configuration's `bodyMemory` limit.
    public let bodyMemory: BodyMemory
    /// Stores the request log and counts telemetry, unless the configuration keeps neither.
    public let requestLog: RequestLogWriter?
    /// Limits password guessing at the sign-in page, in this server.
    public let signInThrottle = SignInThrottle()

    /// Creates the services of a server; what every request reads of its container is remembered (`CachedStorage`).
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage as? CachedStorage ?? CachedStorage(storage)
        self.configuration = configuration
        bodyMemory = BodyMemory(capacity: configuration.limits.bodyMemory)
        requestLog = configuration.requestLogRetention > .zero || configuration.keepsTelemetry
            ? RequestLogWriter(
                storage: self.storage, retention: configuration.requestLogRetention, capacity: configuration.requestLogCapacity,
                keepsTelemetry: configuration.keepsTelemetry)
            : nil
    }
}
