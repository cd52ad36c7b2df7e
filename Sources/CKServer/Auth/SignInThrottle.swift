import Foundation
import NIOConcurrencyHelpers

/// Limits password guessing at the sign-in page of one server: after `allowedFailures` wrong passwords for one
/// user of one container within `window`, that user is refused until the window ends, whatever the password;
/// and at most `concurrentChecks` passwords are checked at once, since each check costs about 0.1 s of a core.
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
    /// How many users' failures are remembered; beyond it, failures that lock no one out are forgotten first.
    let rememberedNames: Int
    private let state = NIOLockedValueBox(State())

    /// A throttle; the defaults allow 5 wrong passwords per user in 15 minutes and 2 checks at once.
    public init(allowedFailures: Int = 5, window: TimeInterval = 15 * 60, concurrentChecks: Int = 2, rememberedNames: Int = 10_000) {
        self.allowedFailures = allowedFailures
        self.window = window
        self.concurrentChecks = concurrentChecks
        self.rememberedNames = rememberedNames
    }

    /// Runs `check` for the user `key` names (their container and name) when they are not locked out and a
    /// check may start; records a failure when `check` answers `false`, forgets the user's failures when it
    /// answers `true`, and records nothing when it throws (a storage failure is no wrong password).
    func checking(_ key: String, now: Date = Date(), _ check: () async throws -> Bool) async throws -> Bool {
        try state.withLockedValue { state in
            if let failures = state.failures[key], failures.count >= allowedFailures {
                let ends = failures.since.addingTimeInterval(window)
                if ends > now { throw SignInFailure.tooManyFailures(minutes: Int((ends.timeIntervalSince(now) / 60).rounded(.up))) }
                state.failures[key] = nil
            }
            guard state.checking < concurrentChecks else { throw SignInFailure.busy }
            state.checking += 1
        }
        var outcome: Bool?
        defer { finish(key, accepted: outcome, now: now) }
        let accepted = try await check()
        outcome = accepted
        return accepted
    }

    private func finish(_ key: String, accepted: Bool?, now: Date) {
        state.withLockedValue { state in
            state.checking -= 1
            switch accepted {
            case nil:
                return
            case true?:
                state.failures[key] = nil
            case false?:
                if var failures = state.failures[key], failures.since.addingTimeInterval(window) > now {
                    failures.count += 1
                    state.failures[key] = failures
                    return
                }
                if state.failures.count >= rememberedNames {
                    forget(in: &state, now: now)
                }
                state.failures[key] = Failures(count: 1, since: now)
            }
        }
    }

    /// Makes room for one more user: forgets the failures whose window ended, else the oldest of those that lock
    /// no one out yet, and only when every one locks someone out, the oldest lockout.
    private func forget(in state: inout State, now: Date) {
        state.failures = state.failures.filter { $0.value.since.addingTimeInterval(window) > now }
        guard state.failures.count >= rememberedNames else { return }
        let candidates = state.failures.filter { $0.value.count < allowedFailures }
        if let oldest = (candidates.isEmpty ? state.failures : candidates).min(by: { $0.value.since < $1.value.since }) {
            state.failures[oldest.key] = nil
        }
    }
}
