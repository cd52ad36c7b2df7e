import CKModel
import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Keeps the request log off the request path: a request's entry waits in memory, and the waiting entries go to
/// storage together once a second (or when a reader asks), one batch after the other. At most `backlog` entries
/// wait: past it new ones are dropped and counted, so a flood or a database outage cannot take the memory.
/// Once a minute it deletes entries older than the retention and beyond the capacity.
public final class RequestLogWriter: Service, Sendable {
    private let storage: any RequestLogStorage
    private let retention: Duration
    private let capacity: Int
    private let logger: Logger
    private let waiting = NIOLockedValueBox(Waiting())
    /// Rung after each batch is stored, for readers following the log.
    let stored = CourierBell()

    /// The most entries that wait for storage.
    static let backlog = 50_000
    /// How often the waiting entries are stored, and how often old entries are deleted.
    static let flushInterval = Duration.seconds(1)
    static let pruneInterval = Duration.seconds(60)
    /// The bell's one key: every follower waits for any new entry.
    static let storedKey = "request-log"

    private struct Waiting {
        var entries: [RequestLogEntry] = []
        var dropped = 0
        /// The batch being stored, which the next one waits for so that entries keep their order.
        var storing: Task<Void, Never>?
    }

    /// A writer to `storage` keeping entries for `retention`, at most `capacity` of them.
    public init(storage: any RequestLogStorage, retention: Duration, capacity: Int, logger: Logger = Logger(label: "ckserver")) {
        self.storage = storage
        self.retention = retention
        self.capacity = capacity
        self.logger = logger
    }

    /// Queues `entry` for storage; drops it when `backlog` entries already wait.
    func record(_ entry: RequestLogEntry) {
        waiting.withLockedValue { waiting in
            if waiting.entries.count < Self.backlog {
                waiting.entries.append(entry)
            } else {
                waiting.dropped += 1
            }
        }
    }

    /// Stores the entries waiting now, after any batch already being stored; returns when they are stored.
    public func flush() async {
        let task = waiting.withLockedValue { waiting -> Task<Void, Never> in
            let batch = waiting.entries
            let dropped = waiting.dropped
            let previous = waiting.storing
            waiting.entries = []
            waiting.dropped = 0
            let task = Task { [storage, logger, stored] in
                await previous?.value
                if dropped > 0 {
                    logger.warning("the request log dropped \(dropped) entries: more requests came than it could store")
                }
                guard !batch.isEmpty else { return }
                do {
                    try await storage.appendRequestLog(batch)
                    stored.ring([Self.storedKey])
                } catch {
                    logger.warning("the request log could not store \(batch.count) entries: \(error)")
                }
            }
            waiting.storing = task
            return task
        }
        await task.value
    }

    /// Deletes the entries older than the retention and beyond the capacity.
    public func prune(now: Date = Date()) async {
        let oldest = Int64((now.timeIntervalSince1970 - retention.timeInterval) * 1000)
        do {
            _ = try await storage.pruneRequestLog(before: oldest, capacity: capacity)
        } catch {
            logger.warning("the request log could not delete old entries: \(error)")
        }
    }

    /// Stores waiting entries every second and deletes old ones every minute until the server stops, then stores
    /// what is left.
    public func run() async throws {
        await prune()
        var sincePrune = Duration.zero
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.flushInterval) }
            await flush()
            sincePrune += Self.flushInterval
            if sincePrune >= Self.pruneInterval {
                sincePrune = .zero
                await prune()
            }
        }
        await flush()
    }
}
