import CKModel

/// What one telemetry row counts requests of: a container's environment and database, an operation, a platform
/// and an error code (empty for requests that succeeded).
public struct TelemetryKey: Hashable, Sendable {
    var container: ContainerID
    var environment: ContainerEnvironment?
    var database: DatabaseScope?
    var operation: String
    var platform: String
    var errorCode: String

    /// The key `entry` is counted under: its error is its own, or else the code most of its failed items had.
    init(_ entry: RequestLogEntry) {
        container = entry.containerID
        environment = entry.environment
        database = entry.database
        operation = entry.operation
        platform = entry.platform ?? ""
        errorCode = entry.serverErrorCode ?? entry.itemErrors.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
    }

    init(
        container: ContainerID, environment: ContainerEnvironment?, database: DatabaseScope?, operation: String, platform: String, errorCode: String
    ) {
        self.container = container
        self.environment = environment
        self.database = database
        self.operation = operation
        self.platform = platform
        self.errorCode = errorCode
    }

    /// The value of `group` in this key.
    func value(of group: TelemetryGroup) -> String {
        switch group {
        case .operation: operation
        case .database: database?.rawValue ?? ""
        case .platform: platform
        case .errorCode: errorCode
        case .environment: environment?.rawValue ?? ""
        case .recordType: ""
        }
    }

    /// Whether `filter` keeps requests of this key: the log's rule, applied to an entry of the key alone (`user`,
    /// `caller` and the times are not kept apart in telemetry, and must be left out of `filter`).
    func isKept(by filter: ManagementLogs.Filter) -> Bool {
        filter.keeps(RequestLogEntry(
            timestamp: 0, requestID: "", containerID: container, environment: environment, database: database, operation: operation,
            platform: platform.isEmpty ? nil : platform, status: 0, serverErrorCode: errorCode.isEmpty ? nil : errorCode))
    }
}
