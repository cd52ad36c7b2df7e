import Hummingbird
import HummingbirdCore
import NIOCore
import ServiceLifecycle
import Logging

/// Builds the server: the data API under `/database/1`, the management API under `/management/1`, the sign-in page, CloudKit's error JSON for every
/// failure, cross-origin access for browser clients, and one log line per request.
///
/// ```swift
/// let storage = try await StorageEngine.sqlite.open(configuration)
/// let app = buildApplication(services: ServerServices(storage: storage, configuration: configuration),
///                            host: "127.0.0.1", port: 8080)
/// try await app.runService()   // stops cleanly on SIGINT and SIGTERM
/// ```
public func buildApplication(
    services: ServerServices, host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "ckserver"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    var services = services
    services.configuration.listeningHost = host
    let router = Router(context: ServerRequestContext.self)
    router.add(middleware: RequestLogMiddleware(writer: services.requestLog))
    router.add(middleware: CrossOriginMiddleware())
    router.add(middleware: CloudKitErrorMiddleware(drainLimit: services.configuration.limits.requestBody))
    let database = router.group("database/1/:container/:environment/:database")
    UsersRoutes(services: services).register(on: database)
    RecordsRoutes(services: services).register(on: database)
    ZonesRoutes(services: services).register(on: database)
    ChangesRoutes(services: services).register(on: database)
    SubscriptionsRoutes(services: services).register(on: database)
    AssetsRoutes(services: services).register(on: database, router: router)
    SignInPageRoutes(services: services).register(on: router)
    SharePageRoutes().register(on: router)
    TokensRoutes(services: services).register(on: router)
    ManagementContainersRoutes(services: services).register(on: router)
    ManagementSchemaRoutes(services: services).register(on: router)
    ManagementDevelopmentRoutes(services: services).register(on: router)
    ManagementCredentialsRoutes(services: services).register(on: router)
    ManagementUsersRoutes(services: services).register(on: router)
    ManagementAuditRoutes(services: services).register(on: router)
    ManagementLogsRoutes(services: services).register(on: router)
    ManagementTelemetryRoutes(services: services).register(on: router)
    MetricsRoutes(services: services).register(on: router)
    ManagementAlertsRoutes(services: services).register(on: router)
    ManagementNotificationsRoutes(services: services).register(on: router)
    return Application(
        router: router, server: .http1(configuration: connectionConfiguration(services.configuration.limits)),
        configuration: .init(address: .hostname(host, port: port), serverName: "ckserver"),
        services: [
            QueuedNotificationListener(storage: services.storage, bell: services.courierBell) as any Service,
            AlertMonitor(storage: services.storage, recorder: services.requestLog?.telemetry, logger: logger),
        ] + (services.requestLog.map { [$0] } ?? []),
        onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) }, logger: logger)
}

/// How connections are kept within `limits`: the connection cap, the idle timeout (which also closes a
/// connection that never finishes its request head), a request body's deadline, and CloudKit's error JSON for
/// requests that are not HTTP.
private func connectionConfiguration(_ limits: ServerLimits) -> HTTP1Channel.Configuration {
    let connections = ConnectionCap.Count(maximum: limits.connections)
    return HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            ConnectionCap(count: connections), MalformedRequestAnswer(), RefusalClose(), HangUpWatch(), BodyDeadline(limits.bodyDeadline),
        ],
        idleTimeout: .nanoseconds(Int64(limits.idleTimeout.timeInterval * 1e9)))
}

/// Runs the server on `host`:`port` until SIGINT, SIGTERM or cancellation, then stops after the requests in
/// flight and the notifications of their saves; `onListening` gets the port it listens on (useful with port 0).
public func runServer(
    services: ServerServices, host: String, port: Int, logger: Logger = Logger(label: "ckserver"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws {
    try await buildApplication(services: services, host: host, port: port, logger: logger, onListening: onListening).runService()
    // The saves answered have their notifications delivered before the process ends.
    await services.notificationDeliveries.waitUntilIdle()
}
