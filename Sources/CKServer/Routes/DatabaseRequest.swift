import CKModel
import Foundation
import HTTPTypes
import Hummingbird

/// A data API request resolved: its container, environment and database, and who it acts as.
struct DatabaseRequest: Sendable {
    var container: ContainerInfo
    var environment: ContainerEnvironment
    var database: DatabaseScope
    var caller: Caller
    /// The next web auth token, sent back in `X-Apple-CloudKit-Web-Auth-Token`.
    var rotatedWebAuthToken: String?
    /// Where a user signs in, for `AUTHENTICATION_REQUIRED`.
    var signInURL: String

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
        guard let database = parameters.get("database").flatMap(DatabaseScope.init(rawValue:)) else {
            throw ServerError(.badRequest, reason: "the database must be public, private or shared")
        }
        var subpath = request.uri.path
        if let query = request.uri.query, !query.isEmpty {
            subpath += "?" + query
        }
        let authentication = try await Authenticator(storage: services.storage, configuration: services.configuration)
            .authenticate(RequestCredentials(request), container: container, body: body, subpath: subpath)
        let host = request.head.authority ?? "localhost"
        return DatabaseRequest(
            container: container, environment: environment, database: database, caller: authentication.caller,
            rotatedWebAuthToken: authentication.rotatedWebAuthToken, signInURL: "http://\(host)/auth/\(container.id)")
    }

    /// The signed-in user, or the error CloudKit gives when the request needs one.
    func requireUser() throws -> UserAccount {
        switch caller {
        case .user(let user):
            return user
        case .world:
            throw ServerError(.authenticationRequired, reason: "request needs authorization", redirectURL: signInURL)
        case .developer:
            throw ServerError(.authenticationFailed, reason: "this endpoint needs a signed-in user, not a server key or management token")
        }
    }

    /// A JSON response carrying the rotated web auth token, when there is one.
    func respond(_ value: some Encodable) throws -> Response {
        var headers = HTTPFields()
        if let rotatedWebAuthToken {
            headers[RequestCredentials.rotatedWebAuthTokenHeader] = rotatedWebAuthToken
        }
        return try JSONResponse.make(value, headers: headers)
    }
}
