extension ManagementAudit {
    /// Which entries of the audit log to read: all of them unless narrowed by container, kind of change, token
    /// or time. As query parameters: `container`, `action`, `token`, `since` and `until` (milliseconds since 1970).
    public struct Filter: Hashable, Sendable {
        /// Only entries of this container.
        public var container: ContainerID?
        /// Only entries of this action (`schema.deploy`), or of this kind of change when it names no action
        /// (`schema` is every `schema.*` action).
        public var action: String?
        /// Only entries made with the management token of this name.
        public var tokenName: String?
        /// Only entries made at or after this time, in milliseconds since 1970.
        public var since: Int64?
        /// Only entries made before this time, in milliseconds since 1970.
        public var until: Int64?

        /// Creates a filter; with no arguments it keeps every entry.
        public init(container: ContainerID? = nil, action: String? = nil, tokenName: String? = nil, since: Int64? = nil, until: Int64? = nil) {
            self.container = container
            self.action = action
            self.tokenName = tokenName
            self.since = since
            self.until = until
        }

        /// The kinds of change the log records, each the part of its actions before the dot: `action` takes one to
        /// keep every action of that kind (`schema` keeps `schema.import`, `schema.edit`, `schema.deploy` …).
        public static let kinds = ["container", "schema", "user", "apiToken", "serverKey", "managementToken"]

        /// Whether `action` names a kind of change (`schema`) rather than one action (`schema.deploy`).
        public var actionIsKind: Bool {
            action.map { !$0.contains(".") } ?? false
        }

        /// The filter as query parameters, in a fixed order.
        public var queryItems: [(name: String, value: String)] {
            var items: [(name: String, value: String)] = []
            if let container { items.append(("container", container.rawValue)) }
            if let action { items.append(("action", action)) }
            if let tokenName { items.append(("token", tokenName)) }
            if let since { items.append(("since", String(since))) }
            if let until { items.append(("until", String(until))) }
            return items
        }
    }
}
