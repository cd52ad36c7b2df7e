import NIOConcurrencyHelpers

/// How many writes a storage has handed to its writer's thread and not seen finish. A short write runs on the
/// calling thread (`SQLiteStorage.writeNow`) only while there are none: queued behind one (a reindex, an
/// import, a development reset) it would hold its thread, one of the few that serve every request, as long.
final class WritesUnderWay: Sendable {
    private let count = NIOLockedValueBox(0)

    /// Whether no write is under way.
    var isNone: Bool {
        count.withLockedValue { $0 == 0 }
    }

    /// Runs `write`, counted while it runs.
    func counting<T>(_ write: () async throws -> T) async rethrows -> T {
        count.withLockedValue { $0 += 1 }
        defer { count.withLockedValue { $0 -= 1 } }
        return try await write()
    }
}
