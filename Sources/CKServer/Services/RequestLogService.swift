import CKModel
import Foundation
import ServiceLifecycle

/// Reads the request log for the management API: the entries a filter keeps, a page at a time newest first, or
/// the ones logged after a sequence number, oldest first, waiting for the first. Entries still waiting in this
/// server's writer are stored first, so a reader sees every request this server answered before.
struct RequestLogService {
    let storage: any RequestLogStorage
    let writer: RequestLogWriter?

    /// Entries read from storage at a time.
    static let chunk = 1_000
    /// The most entries one answer reads looking for ones the filter keeps: past it, a rare filter over a long
    /// log answers with fewer entries and a marker to go on from.
    static let scanLimit = 20_000
    /// How often a waiting follower reads the log again, for entries other servers on the same database stored.
    static let followRecheck = Duration.seconds(1)

    /// Up to `limit` entries `filter` keeps, newest first, from before the sequence number `before` when given.
    func page(_ filter: ManagementLogs.Filter, before: Int64?, limit: Int) async throws -> ManagementLogs.Response {
        await writer?.flush()
        let scan = try await self.scan(filter, from: .before(before), limit: limit)
        return ManagementLogs.Response(
            entries: scan.found, continuationMarker: scan.exhausted ? nil : scan.position.map(String.init), lastSequence: scan.first)
    }

    /// Up to `limit` entries `filter` keeps among those logged after the sequence number `after`, oldest first;
    /// when there are none yet, waits up to `wait` for some.
    func follow(_ filter: ManagementLogs.Filter, after: Int64, limit: Int, wait: Duration) async throws -> ManagementLogs.Response {
        let deadline = ContinuousClock.now + wait
        var position = after
        // A server beginning to stop answers at once, as a waiting courier does, rather than holding its stop.
        return try await withGracefulShutdownHandler {
            while true {
                await writer?.flush()
                let scan = try await self.scan(filter, from: .after(position), limit: limit)
                position = scan.position ?? position
                let now = ContinuousClock.now
                if !scan.found.isEmpty || now >= deadline || Task.isCancelled || Task.isShuttingDownGracefully {
                    return ManagementLogs.Response(entries: scan.found, continuationMarker: nil, lastSequence: position)
                }
                let pause = min(Self.followRecheck, deadline - now)
                if let writer {
                    await writer.stored.wait(for: RequestLogWriter.storedKey, upTo: pause)
                } else {
                    try await Task.sleep(for: pause)
                }
            }
        } onGracefulShutdown: { [writer] in
            writer?.stored.ring([RequestLogWriter.storedKey])
        }
    }

    /// What one answer's reading found: up to `limit` entries `filter` keeps, reading from `direction` at most
    /// `scanLimit` entries; the first and the last sequence number read, and whether the log ended before.
    private func scan(_ filter: ManagementLogs.Filter, from direction: RequestLogRange.Direction, limit: Int) async throws
        -> (found: [RequestLogEntry], first: Int64?, position: Int64?, exhausted: Bool)
    {
        var found: [RequestLogEntry] = []
        var direction = direction
        var first: Int64?
        var position: Int64?
        var scanned = 0
        while scanned < Self.scanLimit {
            let range = RequestLogRange(container: filter.container, since: filter.since, until: filter.until, direction: direction)
            let entries = try await storage.requestLogEntries(in: range, limit: Self.chunk)
            first = first ?? entries.first?.sequence
            scanned += entries.count
            for entry in entries {
                position = entry.sequence
                if filter.keeps(entry) {
                    found.append(entry)
                    if found.count == limit { return (found, first, position, false) }
                }
            }
            guard entries.count == Self.chunk, let position else { return (found, first, position, true) }
            direction = direction.moved(to: position)
        }
        return (found, first, position, false)
    }
}
