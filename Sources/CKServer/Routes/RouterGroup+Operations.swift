import Hummingbird

extension RouterGroup where Context == ServerRequestContext {
    /// Registers a data API operation sent with POST: the request resolved and authenticated, its body decoded
    /// as `Body`, `handle` run, and its answer sent as JSON (with the rotated web auth token, and numbers as
    /// strings when `numbersAsStrings` says the body asked for it).
    func postOperation<Body: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ path: String, services: ServerServices, numbersAsStrings: @escaping @Sendable (Body) -> Bool? = { _ in nil },
        _ handle: @escaping @Sendable (Body, DatabaseAccess) async throws -> Answer
    ) {
        post(RouterPath(path)) { request, context in
            let (body, resolved) = try await DatabaseRequest.resolve(request, context: context, decoding: Body.self, services: services)
            return try resolved.respond(try await handle(body, resolved.access), numbersAsStrings: numbersAsStrings(body))
        }
    }

    /// Registers a data API operation sent with GET: the request resolved and authenticated (against any body
    /// the client sent and signed, such as `{}`), `handle` run, and its answer sent as JSON.
    func getOperation<Answer: Encodable & Sendable>(
        _ path: String, services: ServerServices, _ handle: @escaping @Sendable (DatabaseAccess) async throws -> Answer
    ) {
        get(RouterPath(path)) { request, context in
            let body = try await request.body.collect(upTo: DatabaseRequest.maximumBodySize)
            let resolved = try await DatabaseRequest.resolve(request, context: context, body: Array(body.readableBytesView), services: services)
            return try resolved.respond(try await handle(resolved.access))
        }
    }
}
