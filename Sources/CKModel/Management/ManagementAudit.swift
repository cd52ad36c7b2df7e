/// `GET /management/1/audit`: every management call that changed something, newest first, a page at a time.
///
/// Query parameters: those of `Filter` narrow the entries, `limit` (1 to 200, 50 by default) sizes the
/// page, and `continuationMarker` (from the previous page) continues.
public enum ManagementAudit {
    /// One change made through the management API.
    public struct Entry: Hashable, Sendable, Codable {
        /// The entry's position in the log; later entries have larger ones.
        public var sequence: Int64
        /// When, in milliseconds since 1970.
        public var timestamp: Int64
        /// The name of the management token that made the change.
        public var tokenName: String
        /// What was done, such as `container.create` or `schema.deploy`.
        public var action: String
        /// The container it concerns, if any.
        public var containerID: ContainerID?
        /// What was changed: a container, an environment's schema, a user, a token.
        public var target: String
        /// The change, one line per item (for a deploy, the diff's changes).
        public var changes: [String]

        /// Creates an entry.
        public init(
            sequence: Int64, timestamp: Int64, tokenName: String, action: String, containerID: ContainerID?, target: String,
            changes: [String]
        ) {
            self.sequence = sequence
            self.timestamp = timestamp
            self.tokenName = tokenName
            self.action = action
            self.containerID = containerID
            self.target = target
            self.changes = changes
        }
    }

    /// A page of entries, newest first, and the marker for the next page when there is one.
    public struct Response: Hashable, Sendable, Codable {
        /// The entries.
        public var entries: [Entry]
        /// Send it back as `continuationMarker` for the next page; absent on the last page.
        public var continuationMarker: String?

        /// Creates a page.
        public init(entries: [Entry], continuationMarker: String?) {
            self.entries = entries
            self.continuationMarker = continuationMarker
        }
    }
}
