extension ManagementLogs {
    /// Which entries of the request log to read: every one the caller may see unless narrowed. As query
    /// parameters: `container`, `environment`, `database`, `operation`, `error` (a code, or `any`), `user`,
    /// `caller`, `platform`, `since` and `until` (milliseconds since 1970).
    public struct Filter: Hashable, Sendable {
        /// Only entries of this container.
        public var container: ContainerID?
        /// Only entries of this environment.
        public var environment: ContainerEnvironment?
        /// Only entries of this database.
        public var database: DatabaseScope?
        /// Only entries of this operation (`records/modify`), or of this kind when it has no slash (`records`).
        public var operation: String?
        /// Only entries that failed with this code, as a whole or in an item; `anyError` keeps every failure.
        public var errorCode: String?
        /// Only entries of this user (their record name).
        public var userID: String?
        /// Only entries that came with these credentials.
        public var caller: CallerKind?
        /// Only entries from this platform.
        public var platform: String?
        /// Only entries logged at or after this time, in milliseconds since 1970.
        public var since: Int64?
        /// Only entries logged before this time, in milliseconds since 1970.
        public var until: Int64?

        /// The `error` value that keeps every failed request, whatever its code.
        public static let anyError = "any"

        /// Creates a filter; with no arguments it keeps every entry.
        public init(
            container: ContainerID? = nil, environment: ContainerEnvironment? = nil, database: DatabaseScope? = nil, operation: String? = nil,
            errorCode: String? = nil, userID: String? = nil, caller: CallerKind? = nil, platform: String? = nil, since: Int64? = nil,
            until: Int64? = nil
        ) {
            self.container = container
            self.environment = environment
            self.database = database
            self.operation = operation
            self.errorCode = errorCode
            self.userID = userID
            self.caller = caller
            self.platform = platform
            self.since = since
            self.until = until
        }

        /// Whether `operation` names a kind of operation (`records`) rather than one (`records/query`).
        public var operationIsKind: Bool {
            operation.map { !$0.contains("/") } ?? false
        }

        /// Whether `entry` is one this filter keeps.
        public func keeps(_ entry: RequestLogEntry) -> Bool {
            if let container, entry.containerID != container { return false }
            if let environment, entry.environment != environment { return false }
            if let database, entry.database != database { return false }
            if let operation, operationIsKind ? !entry.operation.hasPrefix(operation + "/") : entry.operation != operation { return false }
            if let errorCode {
                let failed = errorCode == Self.anyError ? entry.failed : entry.serverErrorCode == errorCode || entry.itemErrors[errorCode] != nil
                if !failed { return false }
            }
            if let userID, entry.userID != userID { return false }
            if let caller, entry.caller != caller { return false }
            if let platform, entry.platform != platform { return false }
            if let since, entry.timestamp < since { return false }
            if let until, entry.timestamp >= until { return false }
            return true
        }

        /// The filter as query parameters, in a fixed order.
        public var queryItems: [(name: String, value: String)] {
            var items: [(name: String, value: String)] = []
            if let container { items.append(("container", container.rawValue)) }
            if let environment { items.append(("environment", environment.rawValue)) }
            if let database { items.append(("database", database.rawValue)) }
            if let operation { items.append(("operation", operation)) }
            if let errorCode { items.append(("error", errorCode)) }
            if let userID { items.append(("user", userID)) }
            if let caller { items.append(("caller", caller.rawValue)) }
            if let platform { items.append(("platform", platform)) }
            if let since { items.append(("since", String(since))) }
            if let until { items.append(("until", String(until))) }
            return items
        }
    }
}
