import CKModel
import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Keeps the request log and telemetry off the request path: a request's entry waits in memory, and the waiting
/// entries go to storage together once a second (or when a reader asks), one batch after the other, and into
/// `telemetry`'s and `metrics`' counts. At most `backlog` entries wait: past it new ones are dropped and counted, so a flood or a
/// database outage cannot take the memory. Once a minute it deletes entries older than the retention and beyond
/// the capacity, and rolls telemetry's minutes up into hours.
public final class RequestLogWriter: Service, Sendable {
    private let storage: any ServerStorage
    /// How long entries are kept; zero stores none (telemetry still counts them).
    private let retention: Duration
    private let capacity: Int
    private let logger: Logger
    private let waiting = NIOLockedValueBox(Waiting())
    /// Rung after each batch is stored, for readers following the log.
    let stored = CourierBell()
    /// Counts the entries into telemetry, unless the server keeps none.
    let telemetry: TelemetryRecorder?
    /// Counts the entries into the metrics `/metrics` answers.
    let metrics = ServerMetrics()

    /// The most entries that wait for storage.
    static let backlog = 50_000
    /// How often the waiting entries are stored, and how often old entries are deleted.
    static let flushInterval = Duration.seconds(1)
    static let pruneInterval = Duration.seconds(60)
    /// How long after the start the first pruning comes.
    static let firstPrune = Duration.seconds(10)
    /// The bell's one key: every follower waits for any new entry.
    static let storedKey = "request-log"

    private struct Waiting {
        var entries: [RequestLogEntry] = []
        var dropped = 0
        /// The batch being stored, which the next one waits for so that entries keep their order.
        var storing: Task<Void, Never>?
    }

    /// A writer to `storage` keeping entries for `retention` (none when zero), at most `capacity` of them, and
    /// counting them into telemetry when `keepsTelemetry`.
    public init(
        storage: any ServerStorage, retention: Duration, capacity: Int, keepsTelemetry: Bool,
        logger: Logger = Logger(label: "ckserver")
    ) {
        self.storage = storage
        self.retention = retention
        self.capacity = capacity
        self.logger = logger
        telemetry = keepsTelemetry ? TelemetryRecorder(storage: storage) : nil
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
            let task = Task { [storage, logger, stored, telemetry, metrics, retention] in
                await previous?.value
                if dropped > 0 {
                    logger.warning("the request log dropped \(dropped) entries: more requests came than it could store")
                }
                telemetry?.count(batch)
                metrics.count(batch)
                do {
                    try await telemetry?.store(now: Date())
                } catch {
                    logger.warning("telemetry could not store its last minutes: \(error)")
                }
                guard !batch.isEmpty, retention > .zero else { return }
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

    /// Deletes the entries older than the retention and beyond the capacity, and rolls telemetry's hours over by
    /// `now` up (looking back `hours` hours).
    func prune(now: Date = Date(), hours: Int = TelemetryRecorder.rollUpHours) async {
        do {
            try await telemetry?.rollUp(now: now, hours: hours)
        } catch {
            logger.warning("telemetry could not roll its hours up: \(error)")
        }
        guard retention > .zero else { return }
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
        // The first pruning comes a little after the start (a server that starts and stops at once does none), and
        // rolls up every hour still held in minutes, those of a time the server was down included.
        var sincePrune = Self.pruneInterval - Self.firstPrune
        var hours = Int(TelemetryRecorder.minuteRetention / 3_600)
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.flushInterval) }
            await flush()
            sincePrune += Self.flushInterval
            if sincePrune >= Self.pruneInterval {
                sincePrune = .zero
                await prune(hours: hours)
                hours = TelemetryRecorder.rollUpHours
            }
        }
        await flush()
        do {
            try await telemetry?.store(now: Date(), everything: true)
        } catch {
            logger.warning("telemetry could not store its last minutes: \(error)")
        }
    }
}
