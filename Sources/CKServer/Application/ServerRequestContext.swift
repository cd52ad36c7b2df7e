import Hummingbird
import NIOCore

/// The context every request carries through the server's middleware and routes.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// What `operation` returns, or `nil` as soon as the client hangs up (`operation` is then cancelled): for a
    /// request that waits, so that it stops waiting when nobody is left to answer.
    func unlessClientHangsUp<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value? {
        let (hangUp, signal) = AsyncStream<Void>.makeStream()
        // A server without the watch (none is built so) waits for the operation alone.
        let registration = channel.pipeline.handler(type: HangUpWatch.self).map { $0.watch { signal.finish() } }
        defer {
            let pipeline = channel.pipeline
            registration.whenSuccess { registration in
                guard let registration else { return }
                pipeline.handler(type: HangUpWatch.self).whenSuccess { $0.forget(registration) }
            }
        }
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                // Ends when the client hangs up, or when the answer came first and this task is cancelled.
                for await _ in hangUp {}
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}
