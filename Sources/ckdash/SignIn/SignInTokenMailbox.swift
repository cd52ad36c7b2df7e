import Synchronization

/// Where the sign-in callback hands the tokens it receives to the dashboard's sign-in screen: one waiter at a
/// time, who stops waiting when cancelled. A token that comes while nobody waits is dropped, so that no page
/// can sign the dashboard in unasked.
final class SignInTokenMailbox: Sendable {
    private struct State {
        var waiter: CheckedContinuation<String?, Never>?
        var isClosed = false
    }

    private let state = Mutex(State())

    /// Hands `token` to the waiter; `false` when nobody waits, and the token is dropped.
    func deliver(_ token: String) -> Bool {
        let waiter = state.withLock { state in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: token)
        return waiter != nil
    }

    /// The next token delivered; `nil` when cancelled or closed.
    func next() async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let refused = state.withLock { state -> Bool in
                    if state.isClosed || Task.isCancelled { return true }
                    state.waiter?.resume(returning: nil)
                    state.waiter = continuation
                    return false
                }
                if refused { continuation.resume(returning: nil) }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: nil)
        }
    }

    /// Ends every wait, now and later.
    func close() {
        state.withLock { state in
            state.isClosed = true
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(returning: nil)
    }
}
