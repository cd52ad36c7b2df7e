import Synchronization

/// Where the sign-in callback leaves the tokens it receives until the dashboard takes them: the newest one
/// waits if nobody is waiting; one waiter at a time, who stops waiting when cancelled.
final class SignInTokenMailbox: Sendable {
    private struct State {
        var pending: String?
        var waiter: CheckedContinuation<String?, Never>?
        var isClosed = false
    }

    private let state = Mutex(State())

    /// Hands `token` to the waiter, or keeps it (replacing an older one) for the next.
    func deliver(_ token: String) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard let waiter = state.waiter else {
                state.pending = token
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: token)
    }

    /// The next token delivered; `nil` when cancelled or closed.
    func next() async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> String?? in
                    if let token = state.pending {
                        state.pending = nil
                        return .some(token)
                    }
                    if state.isClosed || Task.isCancelled { return .some(nil) }
                    state.waiter?.resume(returning: nil)
                    state.waiter = continuation
                    return .none
                }
                if let answer { continuation.resume(returning: answer) }
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
