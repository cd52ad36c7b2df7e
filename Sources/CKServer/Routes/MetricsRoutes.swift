import CKModel
import Hummingbird

/// `GET /metrics`: the server's metrics in Prometheus's text form, for a management token that reaches every
/// container (Prometheus sends it with its `authorization` setting), or for anyone when the server was started
/// so. Empty when the server keeps no request log and no telemetry.
struct MetricsRoutes {
    let services: ServerServices

    /// Prometheus's text exposition format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    func register(on router: Router<ServerRequestContext>) {
        router.get("metrics") { request, _ in
            if !services.configuration.metricsArePublic {
                let caller = try await ManagementCaller.of(RequestCredentials(request), storage: services.storage)
                guard caller.container == nil else {
                    throw ServerError(.accessDenied, reason: "the metrics cover every container: use a management token for all of them")
                }
            }
            await services.requestLog?.flush()
            let text = services.requestLog?.metrics.text ?? []
            return Response(status: .ok, headers: [.contentType: Self.contentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
    }
}
