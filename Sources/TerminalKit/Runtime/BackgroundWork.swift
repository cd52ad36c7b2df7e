import Synchronization

/// Work the UI starts without waiting for it: each job runs as a task, and its result is handed back to the
/// run loop's thread, where the code that asked for it applies it to the screen's state.
///
/// The run loop owns this object and calls `deliverFinished()` between frames; only the result crosses
/// threads, never the closure that applies it, so screens can keep their state in plain classes. A job can be
/// cancelled (Esc on a long load); its result is then dropped.
///
/// ```swift
/// work.start({ try await loader.zones() }) { [weak self] result in
///     self?.zones = result   // runs on the run loop's thread
/// }
/// ```
public final class BackgroundWork {
    /// A job's identity, to cancel it.
    public struct Job: Hashable, Sendable {
        let number: Int
    }

    /// Results that arrived from the tasks, waiting for the run loop.
    private final class Inbox: Sendable {
        let results = Mutex<[(Job, Result<any Sendable, any Error>)]>([])
    }

    private let finished = Inbox()
    private let wake: @Sendable () -> Void
    private var handlers: [Job: (Result<any Sendable, any Error>) -> Void] = [:]
    private var tasks: [Job: Task<Void, Never>] = [:]
    /// The jobs `isBusy` leaves out: those started by `startWaiting(_:apply:)`.
    private var waiting: Set<Job> = []
    private var nextNumber = 0
    /// Called on the run loop's thread with the error of each job that fails, after the job's own `apply` (so what
    /// it does, such as asking the user to sign in again, has the last word): for what the app does about an
    /// error whichever screen met it.
    public var onFailure: ((any Error) -> Void)?

    /// Creates the queue; `wake` is called from the job's task when a result is ready, so an idle run loop can
    /// stop waiting for keys.
    public init(wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
    }

    /// Whether any job is still running, leaving out the waiting ones: what a spinner shows.
    public var isBusy: Bool { tasks.count > waiting.count }

    /// Whether any waiting job (`startWaiting(_:apply:)`) is still running.
    public var isWaiting: Bool { !waiting.isEmpty }

    /// Starts `operation` as a task; `apply` gets its result on the run loop's thread, unless the job is
    /// cancelled first.
    @discardableResult
    public func start<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value, apply: @escaping (Result<Value, any Error>) -> Void
    ) -> Job {
        nextNumber += 1
        let job = Job(number: nextNumber)
        handlers[job] = { result in apply(result.map { $0 as! Value }) }
        tasks[job] = Task { [finished, wake] in
            let result: Result<any Sendable, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            finished.results.withLock { $0.append((job, result)) }
            wake()
        }
        return job
    }

    /// Starts `operation` as `start(_:apply:)` does, as a job that waits for something which may take long to
    /// come, such as a long poll for notifications: `isBusy` leaves it out, so no spinner turns while it waits.
    @discardableResult
    public func startWaiting<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value, apply: @escaping (Result<Value, any Error>) -> Void
    ) -> Job {
        let job = start(operation, apply: apply)
        waiting.insert(job)
        return job
    }

    /// Cancels a job: its task is cancelled and its result, if it still comes, is not applied.
    public func cancel(_ job: Job) {
        tasks.removeValue(forKey: job)?.cancel()
        handlers[job] = nil
        waiting.remove(job)
    }

    /// Cancels every job.
    public func cancelAll() {
        for job in Array(tasks.keys) {
            cancel(job)
        }
    }

    /// Applies the results that arrived since the last call, in the order they arrived; returns how many were
    /// applied (so the run loop knows whether to draw again).
    @discardableResult
    public func deliverFinished() -> Int {
        let arrived = finished.results.withLock { results in
            defer { results.removeAll() }
            return results
        }
        var applied = 0
        for (job, result) in arrived {
            tasks[job] = nil
            waiting.remove(job)
            guard let handler = handlers.removeValue(forKey: job) else { continue }
            handler(result)
            if case .failure(let error) = result { onFailure?(error) }
            applied += 1
        }
        return applied
    }
}
