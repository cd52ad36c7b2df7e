import Foundation

/// Runs a call that blocks its thread (a wait for a child process, a read of a pipe to its end) on a thread of
/// its own, and suspends the awaiting task meanwhile.
///
/// Swift's concurrency pool has one thread per core, two on CI's machine. A test that blocked one of them would
/// stall every other async test, and every server running inside the test process, until it let go: requests
/// timed out and "at once" took fifty seconds (issue 18). Test support therefore never blocks in the caller's
/// thread; it blocks here.
///
/// ```swift
/// let status = await BlockingCall.run { process.waitForExit() }
/// ```
public enum BlockingCall {
    /// The result of `body`, run on a new thread.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// The result of `body`, run on a new thread; what it throws is thrown here.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: body)) }.start()
        }
    }
}
