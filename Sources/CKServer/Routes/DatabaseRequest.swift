import CKModel
import Foundation
import HTTPTypes
import Hummingbird

/// A data API request resolved: the database it reaches, as whom, and the token to send back.
struct DatabaseRequest: Sendable {
    /// The container, environment and database, and the caller (with the web auth token's hand-over, which a
    /// save makes in its transaction).
    var access: DatabaseAccess
    /// The container's version read with the credentials: what the request reads of the container may come from
    /// memory kept at this version (`CachedStorage`).
    var containerVersion: ContainerVersion

    /// Resolves the path and authenticates the caller from the request's head, then reads the body (at most
    /// `bodyLimit` bytes, the server's `requestBody` limit unless given, within its body memory), checks a
    /// signature against it, and runs `handle` with both. Nobody without credentials makes the server read a byte
    /// of a body.
    static func receive<Value>(
        _ request: Request, context: ServerRequestContext, services: ServerServices, bodyLimit: Int? = nil,
        _ handle: (DatabaseRequest, [UInt8]) async throws -> Value
    ) async throws -> Value {
        let (resolved, authentication) = try await resolve(request, context: context, services: services)
        let limits = services.configuration.limits
        // A caller who may not write anything (anyone with the API token alone, a read-only token) needs no large body.
        let mayWrite = resolved.access.caller != .world && !resolved.access.isReadOnly
        return try await ContainerVersion.$current.withValue(resolved.containerVersion) {
            try await services.bodyMemory.read(request, upTo: mayWrite ? bodyLimit ?? limits.requestBody : limits.requestBody) { bytes in
                RequestLogNote.current?.note { $0.bytesIn = bytes.count }
                try authentication.confirm(body: bytes, subpaths: subpaths(of: request))
                return try await handle(resolved, bytes)
            }
        }
    }

    /// `receive`, with the body decoded as `Body`: malformed JSON is `BAD_REQUEST` saying what is wrong.
    static func receive<Body: Decodable, Value>(
        _ request: Request, context: ServerRequestContext, decoding type: Body.Type, services: ServerServices, bodyLimit: Int? = nil,
        _ handle: (Body, DatabaseRequest) async throws -> Value
    ) async throws -> Value {
        try await receive(request, context: context, services: services, bodyLimit: bodyLimit) { resolved, bytes in
            try await handle(try RequestBody.decode(Body.self, from: bytes), resolved)
        }
    }

    /// Reads `/database/1/{container}/{environment}/{database}/…` and authenticates the request's credentials.
    private static func resolve(
        _ request: Request, context: ServerRequestContext, services: ServerServices
    ) async throws -> (DatabaseRequest, Authenticator.Authentication) {
        let parameters = context.parameters
        let credentials = RequestCredentials(request)
        let authenticator = Authenticator(storage: services.storage, configuration: services.configuration)
        let now = Date()
        let containerText = parameters.get("container") ?? ""
        let noContainer = ServerError(.notFound, reason: "there is no container \(containerText)")
        guard let containerID = ContainerID(rawValue: containerText) else { throw noContainer }
        let records = try await authenticator.records(for: credentials, container: containerID, now: now)
        guard let container = records.container else { throw noContainer }
        let note = RequestLogNote.current
        note?.note { $0.container = container.id }
        guard let environment = parameters.get("environment").flatMap(ContainerEnvironment.init(rawValue:)) else {
            throw ServerError(.badRequest, reason: "the environment must be development or production")
        }
        // The `/device/1/…` paths of tokens/* have no database segment: they belong to the public one.
        guard let database = parameters.get("database").map(DatabaseScope.init(rawValue:)) ?? .public else {
            throw ServerError(.badRequest, reason: "the database must be public, private or shared")
        }
        note?.note {
            $0.environment = environment
            $0.database = database
            $0.caller = credentials.kind
        }
        let authentication = try await authenticator.authenticate(credentials, records: records, container: container, now: now)
        note?.note { $0.userID = authentication.caller.userRecordName }
        var access = DatabaseAccess(
            container: container, environment: environment, database: database, caller: authentication.caller,
            serverURL: try PublicAddress.url(for: request, configuration: services.configuration), isReadOnly: authentication.isReadOnly,
            apiTokenID: records.credential.flatMap { $0.kind == .apiToken ? $0.id : nil })
        access.webAuthToken = authentication.webAuthToken
        let version = ContainerVersion(container: container.id, version: records.containerVersion)
        return (DatabaseRequest(access: access, containerVersion: version), authentication)
    }

    /// What a signature may cover: the path with its query string, then the path alone.
    private static func subpaths(of request: Request) -> [String] {
        guard let query = request.uri.query, !query.isEmpty else { return [request.uri.path] }
        return [request.uri.path + "?" + query, request.uri.path]
    }

    /// A JSON response carrying the web auth token's successor in `X-Apple-CloudKit-Web-Auth-Token`, when the
    /// request came with one (rotated once the answer is made, unless the request's save rotated it); with
    /// `numbersAsStrings`, INT64 and DOUBLE field values are written as strings.
    func respond(_ value: some Encodable, numbersAsStrings: Bool? = nil) async throws -> Response {
        var response = try JSONResponse.make(value, numbersAsStrings: numbersAsStrings ?? false)
        if let successor = await access.webAuthToken?.handBack() {
            response.headers[RequestCredentials.rotatedWebAuthTokenHeader] = successor
        }
        return response
    }
}
