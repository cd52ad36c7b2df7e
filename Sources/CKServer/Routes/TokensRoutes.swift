import CKModel
import Hummingbird

/// `tokens/create` and `tokens/register` (under `/device/1/…` as the live service has them, and under
/// `/database/1/…` as Apple documents them), and the long-poll `webcourierURL`.
struct TokensRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        let notifications = NotificationService(services: services)
        for prefix in ["device/1/:container/:environment", "database/1/:container/:environment/:database"] {
            router.post(RouterPath(prefix + "/tokens/create")) { request, context in
                try await DatabaseRequest.receive(request, context: context, decoding: Tokens.CreateRequest.self, services: services) { body, resolved in
                    let created = try await notifications.createToken(body, access: resolved.access, serverURL: resolved.access.serverURL)
                    return try await resolved.respond(created)
                }
            }
            router.post(RouterPath(prefix + "/tokens/register")) { request, context in
                try await DatabaseRequest.receive(request, context: context, decoding: Tokens.RegisterRequest.self, services: services) { body, resolved in
                    try await notifications.registerToken(body, access: resolved.access)
                    return try await resolved.respond([String: String]())
                }
            }
        }
        router.get("webcourier/:courier") { _, context in
            // A client that hangs up ends its wait at once, and the descriptor with it.
            let courier = context.parameters.get("courier") ?? ""
            let payload = try await context.unlessClientHangsUp { try await notifications.poll(courier: courier) } ?? nil
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: payload ?? "")))
        }
    }
}
