import Foundation
import Testing

/// The trait of tests that load the machine (a server of their own, programs started, thousands of records):
/// at most twice as many such test cases as the machine has cores run at once; the others wait their turn.
///
/// Swift Testing starts every test of a run at once. On CI's two cores, two hundred heavy tests sharing the
/// processors each took a hundred times as long as alone, and their requests and waits came near their time
/// limits. Taking turns, each runs in about the time it takes alone.
///
/// ```swift
/// @Suite("records/modify over HTTP", .heavy)
/// struct RecordsRoutesTests { … }
/// ```
public struct HeavyTest: SuiteTrait, TestTrait, TestScoping {
    /// How many heavy test cases run at once.
    private static let width = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)

    private static let turns = Turns(width: width)

    /// Whether the current task runs inside a turn already (a suite's trait and its test's are one turn).
    @TaskLocal private static var hasTurn = false

    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> HeavyTest? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard !Self.hasTurn else { return try await function() }
        let asked = ContinuousClock.now
        await Self.turns.take()
        let started = ContinuousClock.now
        defer { TurnLog.shared?.record(test, waited: started - asked, ran: ContinuousClock.now - started) }
        do {
            try await Self.$hasTurn.withValue(true) { try await function() }
        } catch {
            await Self.turns.give()
            throw error
        }
        await Self.turns.give()
    }
}

extension Trait where Self == HeavyTest {
    /// The test loads the machine: it waits for one of the turns heavy tests take (`HeavyTest`).
    public static var heavy: Self { HeavyTest() }
}

/// Turns taken in the order asked for, at most `width` at once.
private actor Turns {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        free = width
    }

    func take() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
