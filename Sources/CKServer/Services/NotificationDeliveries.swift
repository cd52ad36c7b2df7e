import Foundation

/// Delivers the notifications of saves after the saves have answered, one batch after the other in the order
/// the saves committed, so that a save never waits for the subscriptions and push tokens it fires. Past
/// `backlog` waiting batches a save delivers its own before answering, so a burst cannot grow the queue without end.
public final class NotificationDeliveries: @unchecked Sendable {
    /// The batches that may wait at once.
    let backlog: Int
    private let lock = NSLock()
    private var waiting: [@Sendable () async -> Void] = []
    private var isDelivering = false

    /// Creates an empty queue.
    public init(backlog: Int = 1_000) {
        self.backlog = backlog
    }

    /// Delivers `batch` after the batches before it: later, or now when the queue is full.
    func deliver(_ batch: @escaping @Sendable () async -> Void) async {
        let (queued, starts) = lock.withLock { () -> (Bool, Bool) in
            guard waiting.count < backlog else { return (false, false) }
            waiting.append(batch)
            defer { isDelivering = true }
            return (true, !isDelivering)
        }
        guard queued else { return await batch() }
        if starts {
            Task { await drain() }
        }
    }

    /// Whether nothing is waiting or being delivered.
    public var isIdle: Bool {
        lock.withLock { !isDelivering }
    }

    private func drain() async {
        while let next = lock.withLock({ () -> (@Sendable () async -> Void)? in
            guard !waiting.isEmpty else {
                isDelivering = false
                return nil
            }
            return waiting.removeFirst()
        }) {
            await next()
        }
    }
}
