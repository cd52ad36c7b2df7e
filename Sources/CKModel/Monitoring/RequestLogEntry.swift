/// One data API request as the request log keeps it: what was asked of which database, by what kind of caller,
/// and how it went. It never holds a field value, a token, or a user's name or email: a user is known by their
/// record name, which is random and of one container only.
public struct RequestLogEntry: Hashable, Sendable, Codable {
    /// The entry's position in the log, given when it is stored; later entries have larger ones.
    public var sequence: Int64
    /// When the request arrived, in milliseconds since 1970.
    public var timestamp: Int64
    /// The request's ID: the `uuid` its error carries, when it failed.
    public var requestID: String
    /// The container asked.
    public var containerID: ContainerID
    /// The environment, when the path named a valid one.
    public var environment: ContainerEnvironment?
    /// The database, when the path named a valid one.
    public var database: DatabaseScope?
    /// The operation: the path after the database, such as `records/modify` or `zones/list`.
    public var operation: String
    /// The zones the request named.
    public var zones: [String]
    /// How many operations of each type a batch held (`create`, `update`, `delete` … for `records/modify`).
    public var operationCounts: [String: Int]
    /// The record types the request named or its answer held, sorted.
    public var recordTypes: [String]
    /// The first records the request named (saved, deleted or looked up), at most `recordNameLimit`, so a reader
    /// can open them; absent when it named none.
    public var recordNames: [String]?
    /// Records the answer carried.
    public var recordsRead: Int
    /// Records saved or deleted.
    public var recordsWritten: Int
    /// What credentials the request came with.
    public var caller: CallerKind?
    /// The user the request acted as: their record name, random and of this container only.
    public var userID: String?
    /// The client's platform (`iOS`, `macOS`, `web` …), read from its `User-Agent`.
    public var platform: String?
    /// The client's first product and version (`ckdash/1.0`), read from its `User-Agent`.
    public var client: String?
    /// The HTTP status answered.
    public var status: Int
    /// The request's error code, when it failed as a whole.
    public var serverErrorCode: String?
    /// The request's error reason, when it failed as a whole.
    public var reason: String?
    /// How many items of a batch failed, by error code, when the request itself succeeded.
    public var itemErrors: [String: Int]
    /// How long the server took to answer, in microseconds.
    public var latencyMicroseconds: Int64
    /// The bytes of the request body the server read.
    public var bytesIn: Int
    /// The bytes of the answer's body.
    public var bytesOut: Int

    /// Creates an entry; what is not given is empty.
    public init(
        sequence: Int64 = 0, timestamp: Int64, requestID: String, containerID: ContainerID, environment: ContainerEnvironment? = nil,
        database: DatabaseScope? = nil, operation: String, zones: [String] = [], operationCounts: [String: Int] = [:],
        recordTypes: [String] = [], recordsRead: Int = 0, recordsWritten: Int = 0, caller: CallerKind? = nil, userID: String? = nil,
        platform: String? = nil, client: String? = nil, status: Int, serverErrorCode: String? = nil, reason: String? = nil,
        itemErrors: [String: Int] = [:], latencyMicroseconds: Int64 = 0, bytesIn: Int = 0, bytesOut: Int = 0
    ) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.requestID = requestID
        self.containerID = containerID
        self.environment = environment
        self.database = database
        self.operation = operation
        self.zones = zones
        self.operationCounts = operationCounts
        self.recordTypes = recordTypes
        self.recordsRead = recordsRead
        self.recordsWritten = recordsWritten
        self.caller = caller
        self.userID = userID
        self.platform = platform
        self.client = client
        self.status = status
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.itemErrors = itemErrors
        self.latencyMicroseconds = latencyMicroseconds
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
    }

    /// The most record names an entry keeps.
    public static let recordNameLimit = 10

    /// Whether the request failed as a whole or in any item.
    public var failed: Bool {
        serverErrorCode != nil || !itemErrors.isEmpty
    }
}
