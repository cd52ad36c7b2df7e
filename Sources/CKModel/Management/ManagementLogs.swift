/// `GET /management/1/logs`: the request log, one entry per data API request.
///
/// Query parameters: those of `Filter` narrow the entries and `limit` (1 to 500, 100 by default) sizes the page.
/// Without `after`, entries come newest first and `continuationMarker` (from the previous page) continues into
/// older ones. With `after` (a sequence number), the entries logged after it come oldest first, and `wait` (0 to
/// 30 seconds) holds the answer until the first arrives: how a client follows the log live.
public enum ManagementLogs {
    /// The most entries one page holds, and how many a page holds unless `limit` says otherwise.
    public static let maximumLimit = 500
    public static let defaultLimit = 100
    /// The longest a follow request waits for new entries, in seconds.
    public static let maximumWait = 30

    /// A page of entries and the marker for the next (older) page, when there is one.
    public struct Response: Hashable, Sendable, Codable {
        /// The entries: newest first, or oldest first when the request asked for those `after` one.
        public var entries: [RequestLogEntry]
        /// Send it back as `continuationMarker` for the next page; absent on the last page and when following.
        public var continuationMarker: String?
        /// Where following goes on from, sent back as `after`: the newest sequence number read, whether or not the
        /// filter kept its entry; absent when the log has no entries at all.
        public var lastSequence: Int64?

        /// Creates a page.
        public init(entries: [RequestLogEntry], continuationMarker: String?, lastSequence: Int64?) {
            self.entries = entries
            self.continuationMarker = continuationMarker
            self.lastSequence = lastSequence
        }
    }
}
