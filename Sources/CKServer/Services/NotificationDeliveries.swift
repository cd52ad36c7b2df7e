import Foundation

/// Delivers the notifications of saves after the saves have answered, one batch after the other in the order
/// they were matched, so that a save never waits for the rows of the push tokens it fires. Past
/// `backlog` waiting batches a save waits until its own batch is delivered, so a burst cannot grow the queue
/// without end; a server that stops waits until every batch is delivered.
public final class NotificationDeliveries: @unchecked Sendable {
    /// A batch, and whoever waits for it to be delivered.
    private struct Batch {
        var work: @Sendable () async -> Void
        var delivered: CheckedContinuation<Void, Never>?
    }

    /// The batches that may wait without their save waiting too.
    let backlog: Int
    private let lock = NSLock()
    private var waiting: [Batch] = []
    private var isDelivering = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var lastSweep: ContinuousClock.Instant?

    /// How often expired push tokens are swept away; between sweeps they are only left out.
    static let sweepInterval: Duration = .seconds(60)

    /// Creates an empty queue.
    public init(backlog: Int = 1_000) {
        self.backlog = backlog
    }

    /// Delivers `work` after the batches before it: later, or, when the queue is full, before returning.
    func deliver(_ work: @escaping @Sendable () async -> Void) async {
        let isFull = lock.withLock { waiting.count >= backlog }
        guard isFull else { return enqueue(Batch(work: work)) }
        await withCheckedContinuation { continuation in enqueue(Batch(work: work, delivered: continuation)) }
    }

    /// Returns once every batch queued so far, and any queued meanwhile, is delivered.
    public func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let idle = lock.withLock { () -> Bool in
                guard isDelivering else { return true }
                idleWaiters.append(continuation)
                return false
            }
            if idle {
                continuation.resume()
            }
        }
    }

    /// Whether expired push tokens are due to be swept (at most once a `sweepInterval`); a `true` answer counts as
    /// the sweep.
    func isSweepDue(now: ContinuousClock.Instant = .now) -> Bool {
        lock.withLock {
            guard lastSweep.map({ now - $0 >= Self.sweepInterval }) ?? true else { return false }
            lastSweep = now
            return true
        }
    }

    /// Queues `batch`, and starts delivering when nothing is.
    private func enqueue(_ batch: Batch) {
        let starts = lock.withLock { () -> Bool in
            waiting.append(batch)
            defer { isDelivering = true }
            return !isDelivering
        }
        if starts {
            // Delivery outlives the request that started it and serves later ones: it must not read storage as of
            // that request's container version.
            ContainerVersion.$current.withValue(nil) {
                Task { await drain() }
            }
        }
    }

    /// Delivers the waiting batches in order until none is left, then wakes whoever waits for that.
    private func drain() async {
        while true {
            let next = lock.withLock { () -> Batch? in
                guard !waiting.isEmpty else {
                    isDelivering = false
                    return nil
                }
                return waiting.removeFirst()
            }
            guard let next else { break }
            await next.work()
            next.delivered?.resume()
        }
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { idleWaiters = [] }
            return isDelivering ? [] : idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
