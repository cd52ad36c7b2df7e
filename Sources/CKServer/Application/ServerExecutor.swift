import Foundation

/// Threads of ckserver's own that run the tasks of servers started inside another program (`LoopbackServer`:
/// the dashboard's embedded server, the tests' servers), and the PostgreSQL engine's leases of a connection,
/// as a `TaskExecutor`.
///
/// Swift's concurrency pool has one thread per core. A host that keeps them busy — a dashboard drawing, a test
/// suite running hundreds of tests at once, a test that blocks one — would otherwise hold up every request of
/// its server, and requests would time out for no fault of the server's. (Task executors need macOS 15; on
/// macOS 14 the server runs on the pool.)
@available(macOS 15.0, *)
public final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    /// The threads every in-process server of this program shares: as many as the machine has cores, at least
    /// two. They start with the first server and last as long as the program.
    public static let shared = ServerExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    /// An executor of `threads` threads of its own, which last as long as the program.
    init(threads: Int) {
        for number in 1...threads {
            let thread = Thread { self.runJobs() }
            thread.name = "ckserver \(number)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Runs the jobs in the order they came, for ever.
    private func runJobs() {
        while true {
            takeJob().runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The oldest job, once there is one.
    private func takeJob() -> UnownedJob {
        condition.lock()
        defer { condition.unlock() }
        while next == jobs.count {
            condition.wait()
        }
        let job = jobs[next]
        next += 1
        if next == jobs.count || next >= 4096 {
            jobs.removeFirst(next)
            next = 0
        }
        return job
    }
}

extension Task where Failure == any Error {
    /// A task on the threads of in-process servers (`ServerExecutor`), or on Swift's pool where task executors
    /// are missing (macOS 14).
    static func onServerThreads(_ operation: @escaping @Sendable () async throws -> Success) -> Task {
        if #available(macOS 15.0, *) { Task(executorPreference: ServerExecutor.shared, operation: operation) } else { Task(operation: operation) }
    }
}
