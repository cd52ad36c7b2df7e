import TerminalKit

/// A value a screen fetches from the server: not asked for yet, loading (a job Esc cancels), loaded, or failed
/// with a message that says what happened and that `r` tries again.
final class Remote<Value: Sendable> {
    /// Where the fetch stands.
    enum State {
        case idle
        case loading
        case loaded(Value)
        case failed(String)
    }

    /// Where the fetch stands.
    private(set) var state: State = .idle
    private var job: BackgroundWork.Job?
    private let operation: @Sendable () async throws -> Value

    /// A value fetched by `operation`.
    init(_ operation: @escaping @Sendable () async throws -> Value) {
        self.operation = operation
    }

    /// The value once loaded.
    var value: Value? {
        if case .loaded(let value) = state { value } else { nil }
    }

    /// Whether the fetch failed.
    var hasFailed: Bool {
        if case .failed = state { true } else { false }
    }

    /// Whether the fetch is under way.
    var isLoading: Bool {
        if case .loading = state { true } else { false }
    }

    /// Starts the fetch (cancelling one under way); `then` runs on the run loop's thread once the value came.
    func load(in work: BackgroundWork, then: @escaping (Value) -> Void = { _ in }) {
        if let job { work.cancel(job) }
        state = .loading
        job = work.start(operation) { [weak self] result in
            guard let self else { return }
            job = nil
            switch result {
            case .success(let value):
                state = .loaded(value)
                then(value)
            case .failure(let error):
                state = .failed(ErrorMessage.text(for: error))
            }
        }
    }

    /// Cancels the fetch under way; the screen then says it was cancelled.
    func cancel(in work: BackgroundWork) {
        guard let job else { return }
        work.cancel(job)
        self.job = nil
        state = .failed("Cancelled.")
    }

    /// Replaces the value, after a change the screen made itself.
    func set(_ value: Value) {
        state = .loaded(value)
    }
}
