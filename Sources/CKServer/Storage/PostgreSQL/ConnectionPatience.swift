import NIOConcurrencyHelpers

/// The waits for a connection of the pool, given up by one clock for all of them: a wait not ended within
/// `patience` (and a `tick`) is given up. A sleeping task beside each transaction, in a task group with its
/// lease, cost about a twentieth of a signed-in request's CPU on PostgreSQL.
final class ConnectionPatience: Sendable {
    private let patience: Duration
    private let tick: Duration
    private let waits = NIOLockedValueBox<(next: UInt64, due: [UInt64: (deadline: ContinuousClock.Instant, giveUp: @Sendable () -> Void)])>((0, [:]))

    /// Waits given up after `patience`, checked every `tick`.
    init(patience: Duration, tick: Duration = .milliseconds(100)) {
        self.patience = patience
        self.tick = tick
    }

    /// How many waits are under way.
    var count: Int { waits.withLockedValue { $0.due.count } }

    /// Runs `body`, calling `giveUp` if it has not returned within `patience`.
    func watching<T>(giveUp: @escaping @Sendable () -> Void, _ body: () async throws -> T) async rethrows -> T {
        let deadline = ContinuousClock.now + patience
        let id = waits.withLockedValue { waits -> UInt64 in
            waits.next += 1
            waits.due[waits.next] = (deadline, giveUp)
            return waits.next
        }
        defer { waits.withLockedValue { _ = $0.due.removeValue(forKey: id) } }
        return try await body()
    }

    /// Gives up the waits whose time is up, every `tick`, until the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let overdue = waits.withLockedValue { waits in
                let overdue = waits.due.filter { $0.value.deadline <= now }
                overdue.keys.forEach { waits.due[$0] = nil }
                return overdue.values.map(\.giveUp)
            }
            overdue.forEach { $0() }
        }
    }
}
