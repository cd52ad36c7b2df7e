import CKModel
import Hummingbird

extension Router where Context == ServerRequestContext {
    /// Registers a management call that reads, sent with GET: the caller's management token checked, then
    /// `handle` answers.
    func managementRead(
        _ path: String, services: ServerServices,
        _ handle: @escaping @Sendable (Request, ServerRequestContext, ManagementCaller) async throws -> Response
    ) {
        get(RouterPath(path)) { request, context in
            let caller = try await ManagementCaller.of(RequestCredentials(request), storage: services.storage)
            return try await handle(request, context, caller)
        }
    }

    /// Registers a management call that changes something, sent with POST: a management token that may write
    /// (unless `changes` says this body changes nothing, as a validation), the body decoded as `Body`, `handle`
    /// run, and the change it reports written to the audit log (and, for the changes developers hear of, as a
    /// developer notification) before its answer is sent as JSON.
    func managementChange<Body: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ path: String, services: ServerServices, decoding type: Body.Type, changes: @escaping @Sendable (Body) -> Bool = { _ in true },
        _ handle: @escaping @Sendable (Body, ServerRequestContext, ManagementCaller) async throws -> (answer: Answer, audit: AuditEntry?)
    ) {
        post(RouterPath(path)) { request, context in
            let caller = try await ManagementCaller.of(RequestCredentials(request), storage: services.storage)
            return try await services.bodyMemory.read(request, upTo: services.configuration.limits.managementBody) { bytes in
                let body = try RequestBody.decode(Body.self, from: bytes)
                if changes(body) {
                    try caller.requireWrite()
                }
                let (answer, audit) = try await handle(body, context, caller)
                if let audit {
                    try await services.storage.appendAuditEntry(audit)
                    if let notification = DeveloperNotification(audit: audit) {
                        _ = try await services.storage.appendDeveloperNotification(notification)
                    }
                }
                return try JSONResponse.make(answer)
            }
        }
    }
}

extension ServerRequestContext {
    /// The container named by the path's `:container`, which the caller's token must reach (`NOT_FOUND` for
    /// an unknown container, `ACCESS_DENIED` for one the token is not for).
    func managedContainer(_ caller: ManagementCaller, services: ServerServices) async throws -> ContainerInfo {
        let text = parameters.get("container") ?? ""
        guard let id = ContainerID(rawValue: text), let container = try await services.storage.container(id) else {
            throw ServerError(.notFound, reason: "there is no container \(text)")
        }
        try caller.requireReach(id)
        return container
    }

    /// The path's `:environment` (`BAD_REQUEST` unless it is development or production).
    func environmentParameter() throws -> ContainerEnvironment {
        guard let environment = parameters.get("environment").flatMap(ContainerEnvironment.init(rawValue:)) else {
            throw ServerError(.badRequest, reason: "the environment must be development or production")
        }
        return environment
    }
}
