/// What one request, and all requests together, may cost the server: the caps that keep a hostile client, signed
/// in or not, from taking memory, descriptors or time from everyone else. docs/ckserver.md lists them beside
/// CloudKit's own limits.
public struct ServerLimits: Sendable {
    /// The largest body of a data API request other than `records/modify`, in bytes: 1 MB, far above what 200
    /// lookups, a query or 200 zone or subscription operations take.
    public var requestBody = 1 << 20
    /// The largest body of `records/modify`: 16 MB. A record holds at most 1 MB besides its assets, and CloudKit
    /// refuses requests past about 2 MB; the room above that is for clients that batch 200 large records.
    public var modifyBody = 16 << 20
    /// The largest body of a management request (a schema, a batch of users): 16 MB.
    public var managementBody = 16 << 20
    /// The bytes the bodies of all requests in flight may hold at once: 256 MB. A body that would pass it is
    /// answered `TRY_AGAIN_LATER` before it is read.
    public var bodyMemory = 256 << 20
    /// How long a request's body may take to arrive once its head has: 60 s, time for 50 MB at 7 Mbit/s. A
    /// slower body is refused, so that a client trickling bytes cannot hold its share of `bodyMemory`.
    public var bodyDeadline: Duration = .seconds(60)
    /// Connections open at once: 512. Past it a new connection is answered `TRY_AGAIN_LATER` and closed, so the
    /// server never runs out of descriptors (Linux's default limit is 1,024).
    public var connections = 512
    /// The notifications one push token's queue keeps: 100. Past it the oldest are dropped and the oldest kept
    /// says so (`ck.p`), as CloudKit coalesces the notifications of a device that is away.
    public var notificationsPerToken = 100
    /// A connection that sends no request head, no body part and no new request for this long is closed: what
    /// bounds connections that never finish their headers, and idle keep-alive ones.
    public var idleTimeout: Duration = .seconds(20)

    /// The defaults above.
    public init() {}
}
