import CKModel
import Foundation
import HTTPTypes
import Hummingbird

/// A data API request resolved: the database it reaches, as whom, and the token to send back.
struct DatabaseRequest: Sendable {
    /// The container, environment and database, and the caller.
    var access: DatabaseAccess
    /// The next web auth token, sent back in `X-Apple-CloudKit-Web-Auth-Token`.
    var rotatedWebAuthToken: String?

    /// Reads `/database/1/{container}/{environment}/{database}/…` and authenticates the request.
    static func resolve(
        _ request: Request, context: ServerRequestContext, body: [UInt8], services: ServerServices
    ) async throws -> DatabaseRequest {
        let parameters = context.parameters
        guard let containerText = parameters.get("container"), let containerID = ContainerID(rawValue: containerText),
            let container = try await services.storage.container(containerID)
        else {
            throw ServerError(.notFound, reason: "there is no container \(parameters.get("container") ?? "")")
        }
        guard let environment = parameters.get("environment").flatMap(ContainerEnvironment.init(rawValue:)) else {
            throw ServerError(.badRequest, reason: "the environment must be development or production")
        }
        // The `/device/1/…` paths of tokens/* have no database segment: they belong to the public one.
        guard let database = parameters.get("database").map(DatabaseScope.init(rawValue:)) ?? .public else {
            throw ServerError(.badRequest, reason: "the database must be public, private or shared")
        }
        var subpaths = [request.uri.path]
        if let query = request.uri.query, !query.isEmpty {
            subpaths.insert(request.uri.path + "?" + query, at: 0)
        }
        let authentication = try await Authenticator(storage: services.storage, configuration: services.configuration)
            .authenticate(RequestCredentials(request), container: container, body: body, subpaths: subpaths)
        let access = DatabaseAccess(
            container: container, environment: environment, database: database, caller: authentication.caller,
            serverURL: serverURL(of: request, configuration: services.configuration), isReadOnly: authentication.isReadOnly)
        return DatabaseRequest(access: access, rotatedWebAuthToken: authentication.rotatedWebAuthToken)
    }

    /// Reads the request body, authenticates the request (a signature covers the body's bytes), and only then
    /// decodes the body as `Body`, so nobody without credentials makes the server parse anything; malformed
    /// JSON is `BAD_REQUEST` saying what is wrong.
    static func resolve<Body: Decodable>(
        _ request: Request, context: ServerRequestContext, decoding type: Body.Type, services: ServerServices
    ) async throws -> (body: Body, resolved: DatabaseRequest) {
        let bytes = Array(try await request.body.collect(upTo: maximumBodySize).readableBytesView)
        let resolved = try await resolve(request, context: context, body: bytes, services: services)
        return (try RequestBody.decode(Body.self, from: bytes), resolved)
    }

    /// The largest request body accepted: 200 records of 1 MB each, with room for the JSON around them.
    static let maximumBodySize = 256 * 1024 * 1024

    /// The address clients reach this server at, for URLs it hands out: the configured public URL, or
    /// `http://` and the Host the request was sent to.
    static func serverURL(of request: Request, configuration: ServerConfiguration) -> String {
        guard var url = configuration.publicURL else { return "http://\(request.head.authority ?? "localhost")" }
        while url.hasSuffix("/") {
            url.removeLast()
        }
        return url
    }

    /// A JSON response carrying the rotated web auth token, when there is one; with `numbersAsStrings`, INT64
    /// and DOUBLE field values are written as strings.
    func respond(_ value: some Encodable, numbersAsStrings: Bool? = nil) throws -> Response {
        var headers = HTTPFields()
        if let rotatedWebAuthToken {
            headers[RequestCredentials.rotatedWebAuthTokenHeader] = rotatedWebAuthToken
        }
        return try JSONResponse.make(value, headers: headers, numbersAsStrings: numbersAsStrings ?? false)
    }
}
