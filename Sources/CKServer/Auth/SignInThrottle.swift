import Foundation
import Synchronization

/// Limits password guessing at the sign-in page of one server: after `allowedFailures` wrong passwords for one
/// user name within `window`, that name is refused until the window ends, whatever the password; and at most
/// `concurrentChecks` passwords are checked at once, since each check costs about 0.1 s of a core.
public final class SignInThrottle: Sendable {
    private struct Failures {
        var count: Int
        var since: Date
    }

    private struct State {
        var failures: [String: Failures] = [:]
        var checking = 0
    }

    let allowedFailures: Int
    let window: TimeInterval
    let concurrentChecks: Int
    /// How many names' failures are remembered; beyond it the oldest are forgotten.
    let rememberedNames: Int
    private let state = Mutex(State())

    /// A throttle; the defaults allow 5 wrong passwords per name in 15 minutes and 2 checks at once.
    public init(allowedFailures: Int = 5, window: TimeInterval = 15 * 60, concurrentChecks: Int = 2, rememberedNames: Int = 10_000) {
        self.allowedFailures = allowedFailures
        self.window = window
        self.concurrentChecks = concurrentChecks
        self.rememberedNames = rememberedNames
    }

    /// Runs `check` for the user `name` when the name is not locked out and a check may start; records a failure
    /// when `check` answers `false`, and forgets the name's failures when it answers `true`.
    func checking(_ name: String, now: Date = Date(), _ check: () async throws -> Bool) async throws -> Bool {
        try state.withLock { state throws(SignInFailure) in
            if let failures = state.failures[name], failures.count >= allowedFailures {
                let ends = failures.since.addingTimeInterval(window)
                if ends > now { throw .tooManyFailures(minutes: Int((ends.timeIntervalSince(now) / 60).rounded(.up))) }
                state.failures[name] = nil
            }
            guard state.checking < concurrentChecks else { throw .busy }
            state.checking += 1
        }
        var accepted = false
        defer { finish(name, accepted: accepted, now: now) }
        accepted = try await check()
        return accepted
    }

    private func finish(_ name: String, accepted: Bool, now: Date) {
        state.withLock { state in
            state.checking -= 1
            guard !accepted else {
                state.failures[name] = nil
                return
            }
            if var failures = state.failures[name], failures.since.addingTimeInterval(window) > now {
                failures.count += 1
                state.failures[name] = failures
                return
            }
            if state.failures.count >= rememberedNames {
                state.failures = state.failures.filter { $0.value.since.addingTimeInterval(window) > now }
                if state.failures.count >= rememberedNames, let oldest = state.failures.min(by: { $0.value.since < $1.value.since }) {
                    state.failures[oldest.key] = nil
                }
            }
            state.failures[name] = Failures(count: 1, since: now)
        }
    }
}
