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

    /// What one follow brought: the entries to list (oldest first), where the next follow starts, and the
    /// entries a burst made it skip.
    struct Followed: Sendable {
        var entries: [RequestLogEntry]
        var after: Int64
        var skipped: SkippedItems = SkippedItems()
    }

    /// The most answers read to count what a burst skipped, beyond the first.
    static let countingAnswers = 20

    /// The entries `filter` keeps logged after `after`, oldest first, waiting up to `wait` seconds for one. When
    /// more came than one answer holds (a burst), it skips to the newest page and counts the entries it passed
    /// over, so that the list shows the newest instead of falling behind page by page.
    func follow(_ filter: ManagementLogs.Filter, after: Int64) async throws -> Followed {
        var filter = filter
        // A window bounds where the log starts from; what comes after is new.
        filter.since = nil
        let answer = try await client.followRequestLog(filter, after: after, limit: ManagementLogs.maximumLimit, wait: Self.wait)
        var reached = answer.lastSequence ?? after
        guard answer.entries.count >= ManagementLogs.maximumLimit else { return Followed(entries: answer.entries, after: reached) }
        let newest = try await client.requestLog(filter, limit: Self.pageSize)
        guard let oldestShown = newest.entries.last?.sequence, oldestShown > reached else { return Followed(entries: answer.entries, after: reached) }
        var skipped = SkippedItems(count: answer.entries.count)
        for _ in 0..<Self.countingAnswers where reached < oldestShown - 1 {
            let passed = try await client.followRequestLog(filter, after: reached, limit: ManagementLogs.maximumLimit, wait: 0)
            skipped.count += passed.entries.prefix { $0.sequence < oldestShown }.count
            // An answer reads a bounded stretch of the log: with a filter it may keep nothing and still move on.
            guard let next = passed.lastSequence, next > reached, next < oldestShown, passed.entries.allSatisfy({ $0.sequence < oldestShown }) else {
                reached = oldestShown
                break
            }
            reached = next
        }
        skipped.isAtLeast = reached < oldestShown - 1
        return Followed(entries: newest.entries.reversed(), after: newest.lastSequence ?? oldestShown, skipped: skipped)
    }
}
