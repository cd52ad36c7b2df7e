import TerminalKit

/// A fetch a live screen repeats for as long as it is on top, such as the long poll for notifications: each answer
/// is applied, then the next fetch starts from the screen's next frame (`resume`, called from `Screen.didDraw`), so
/// a screen another one covers stops asking until it is back on top; `stop` (from `cancelLoading`, which runs when
/// the screen is left) cancels the fetch under way. The fetches are waiting jobs: no spinner turns for them.
final class LivePoll<Value: Sendable> {
    /// What makes the next fetch, from the screen's state when it starts (the sync token reached so far).
    typealias Request = () -> @Sendable () async throws -> Value

    private let interval: Duration
    private weak var work: BackgroundWork?
    private var job: BackgroundWork.Job?
    private var request: Request?
    private var apply: (Value) -> Void = { _ in }
    private var failed: (any Error) -> Void = { _ in }
    private var isFirst = true

    /// A poll that waits `interval` before each fetch but the first.
    init(every interval: Duration) {
        self.interval = interval
    }

    deinit {
        if let job { work?.cancel(job) }
    }

    /// Whether it polls: started, and neither stopped nor failed since.
    var isPolling: Bool { request != nil }

    /// Starts polling now: `request` makes each fetch, `apply` takes each answer, and `failed` the error that
    /// stops the polling.
    func start(in work: BackgroundWork, request: @escaping Request, apply: @escaping (Value) -> Void, failed: @escaping (any Error) -> Void) {
        stop()
        self.work = work
        self.request = request
        self.apply = apply
        self.failed = failed
        isFirst = true
        resume()
    }

    /// Starts the next fetch unless one is under way or the polling stopped.
    func resume() {
        guard let work, let request, job == nil else { return }
        let fetch = request()
        let delay = isFirst ? Duration.zero : interval
        isFirst = false
        job = work.startWaiting({
            try await Task.sleep(for: delay)
            return try await fetch()
        }) { [weak self] result in
            guard let self else { return }
            job = nil
            switch result {
            case .success(let value):
                apply(value)
            case .failure(let error):
                self.request = nil
                failed(error)
            }
        }
    }

    /// Cancels the fetch under way and polls no more.
    func stop() {
        if let job { work?.cancel(job) }
        job = nil
        request = nil
    }
}
