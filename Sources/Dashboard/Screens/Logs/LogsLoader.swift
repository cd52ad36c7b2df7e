import CKClient
import CKModel

/// Reads the request log of the session's container for its screen: the newest page to start from, then the
/// entries logged after it, each fetch waiting on the server (a long poll) until one comes.
struct LogsLoader: Sendable {
    let client: CloudKitClient

    /// Entries of the first page.
    static let pageSize = 200
    /// How long the server holds a follow request open with nothing new.
    static let wait = 10

    /// Where following starts: the newest entries, and the sequence number reached.
    struct Start: Sendable {
        var newest: [RequestLogEntry]
        var after: Int64
    }

    /// The newest page of the entries `filter` keeps.
    func start(_ filter: ManagementLogs.Filter) async throws -> Start {
        let page = try await client.requestLog(filter, limit: Self.pageSize)
        return Start(newest: page.entries, after: page.lastSequence ?? 0)
    }

    /// The entries `filter` keeps logged after `after`, oldest first, waiting up to `wait` seconds for one.
    func follow(_ filter: ManagementLogs.Filter, after: Int64) async throws -> ManagementLogs.Response {
        var filter = filter
        // A window bounds where the log starts from; what comes after is new.
        filter.since = nil
        return try await client.followRequestLog(filter, after: after, limit: ManagementLogs.maximumLimit, wait: Self.wait)
    }
}
