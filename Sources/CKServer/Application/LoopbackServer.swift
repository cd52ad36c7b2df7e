import CKModel
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The server listening on a free port of 127.0.0.1 inside this process until `stop()`: what the embedded
/// server, the client tests and the benchmarks run. It installs no signal handlers (the process that runs it
/// owns those) and stops gracefully, after the requests in flight. Its tasks run on threads of their own
/// (`ServerExecutor`), so that it answers whatever its host does with Swift's concurrency pool.
public final class LoopbackServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let url: URL
    private let group: ServiceGroup
    private let server: Task<Void, any Error>
    private let deliveries: NotificationDeliveries

    private init(port: Int, group: ServiceGroup, server: Task<Void, any Error>, deliveries: NotificationDeliveries) {
        self.port = port
        url = URL(string: "http://127.0.0.1:\(port)")!
        self.group = group
        self.server = server
        self.deliveries = deliveries
    }

    /// Starts `services` on a free loopback port and returns once it listens; a server that fails first throws
    /// its error.
    public static func start(services: ServerServices, logger: Logger = Logger(label: "ckserver")) async throws -> LoopbackServer {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = buildApplication(services: services, host: "127.0.0.1", port: 0, logger: logger) { port in
            portContinuation.yield(port)
            portContinuation.finish()
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], gracefulShutdownSignals: [], logger: logger))
        let run: @Sendable () async throws -> Void = {
            // A server that fails before it listens ends the wait for its port.
            defer { portContinuation.finish() }
            try await group.run()
        }
        let server = Task.onServerThreads(run)
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await server.value
            throw ServerError(.internalError, reason: "the server stopped before it listened")
        }
        return LoopbackServer(port: port, group: group, server: server, deliveries: services.notificationDeliveries)
    }

    /// Stops listening after the requests in flight and the notifications of their saves.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await server.value
        await deliveries.waitUntilIdle()
    }
}
