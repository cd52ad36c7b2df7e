import Hummingbird

extension RouterGroup where Context == ServerRequestContext {
    /// Registers a data API operation sent with POST: the request resolved and authenticated, its body decoded
    /// as `Body`, `handle` run, and its answer sent as JSON (with the rotated web auth token, and numbers as
    /// strings when `numbersAsStrings` says the body asked for it). The body may be `bodyLimit` bytes long, the
    /// server's `requestBody` limit unless given.
    func postOperation<Body: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ path: String, services: ServerServices, bodyLimit: Int? = nil, numbersAsStrings: @escaping @Sendable (Body) -> Bool? = { _ in nil },
        _ handle: @escaping @Sendable (Body, DatabaseAccess) async throws -> Answer
    ) {
        post(RouterPath(path)) { request, context in
            try await DatabaseRequest.receive(request, context: context, decoding: Body.self, services: services, bodyLimit: bodyLimit) { body, resolved in
                let note = RequestLogNote.current
                note?.describe(body)
                let answer = try await handle(body, resolved.access)
                note?.describe(answer)
                return try await resolved.respond(answer, numbersAsStrings: numbersAsStrings(body))
            }
        }
    }

    /// Registers a data API operation sent with GET: the request resolved and authenticated (against any body
    /// the client sent and signed, such as `{}`), `handle` run, and its answer sent as JSON.
    func getOperation<Answer: Encodable & Sendable>(
        _ path: String, services: ServerServices, _ handle: @escaping @Sendable (DatabaseAccess) async throws -> Answer
    ) {
        get(RouterPath(path)) { request, context in
            try await DatabaseRequest.receive(request, context: context, services: services) { resolved, _ in
                let answer = try await handle(resolved.access)
                RequestLogNote.current?.describe(answer)
                return try await resolved.respond(answer)
            }
        }
    }
}
