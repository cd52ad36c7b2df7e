import Foundation

/// Wakes the long-poll courier requests waiting for a push token when a notification is queued for it, so
/// a waiting request answers at once instead of reading the queue over and over.
public final class CourierBell: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [String: [UUID: CheckedContinuation<Void, Never>]] = [:]

    /// Creates a bell with nobody waiting.
    public init() {}

    /// The long polls waiting now.
    public var waitingCount: Int {
        lock.withLock { waiting.values.reduce(0) { $0 + $1.count } }
    }

    /// Returns when a notification is queued for `token`, after `timeout` at the latest, or as soon as the
    /// calling task is cancelled (its client hung up).
    func wait(for token: String, upTo timeout: Duration) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Cancellation is marked before its handler runs, so a wait cancelled before it registers sees it here.
                let registered = lock.withLock { () -> Bool in
                    guard !Task.isCancelled else { return false }
                    waiting[token, default: [:]][id] = continuation
                    return true
                }
                guard registered else { return continuation.resume() }
                Task {
                    try? await Task.sleep(for: timeout)
                    self.wake(token, id)
                }
            }
        } onCancel: {
            wake(token, id)
        }
    }

    /// Wakes everyone waiting for these tokens.
    func ring(_ tokens: some Sequence<String>) {
        let woken = lock.withLock { tokens.flatMap { waiting.removeValue(forKey: $0)?.values.map { $0 } ?? [] } }
        woken.forEach { $0.resume() }
    }

    private func wake(_ token: String, _ id: UUID) {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            let continuation = waiting[token]?.removeValue(forKey: id)
            if waiting[token]?.isEmpty == true {
                waiting[token] = nil
            }
            return continuation
        }
        continuation?.resume()
    }
}
