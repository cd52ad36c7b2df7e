import CKModel
import Foundation
import Logging

extension CloudKitClient {
    /// `/database/1/{container}/{environment}/{database}/{operation}`, in this client's database unless another
    /// is given (the users and sharing endpoints always live in `public`).
    func databasePath(_ operation: String, database: DatabaseScope? = nil) throws(CloudKitClientError) -> String {
        "/database/1/\(try requireContainer())/\(configuration.environment.rawValue)/\((database ?? configuration.database).rawValue)/\(operation)"
    }

    /// The configured container, which every call but a few management ones needs.
    func requireContainer() throws(CloudKitClientError) -> ContainerID {
        guard let container = configuration.container else {
            throw .invalidRequest("this call needs a container, and the client was configured without one")
        }
        return container
    }

    /// Sends one call and decodes its answer: the body encoded as JSON, the request authenticated (and signed) as
    /// `authentication` says, retried by the retry policy, the rotated web auth token kept, and a failed request
    /// thrown as `CloudKitClientError` read from CloudKit's error JSON. Every operation is one call of this.
    /// - Parameters:
    ///   - method: GET or POST.
    ///   - path: The path from the server's root, starting with `/` (see `databasePath(_:database:)`).
    ///   - query: Query parameters besides the credentials, not yet encoded.
    ///   - body: The JSON body of a POST; `nil` sends none.
    ///   - authentication: `.database` for the data API, `.management` for the management API.
    func send<Answer: Decodable>(
        _ method: HTTPMethod, path: String, query: [(String, String)] = [], body: (any Encodable)? = nil,
        authentication: RequestAuthentication = .database
    ) async throws -> Answer {
        let bytes = try Self.encode(body, path: path)
        if authentication == .management, !reachesManagementAPI {
            // Logged, since callers that can do without (a list of names, say) catch the refusal silently.
            logger.debug("refused a management API call: the client has no management token", metadata: ["ck.operation": "\(path)"])
            throw CloudKitClientError.needsManagementAPI
        }
        let response = try await perform(path) { date throws(CloudKitClientError) in
            try RequestBuilder(configuration: configuration, webAuthToken: webAuthTokens.current)
                .request(method, path: path, query: query, body: bytes, authentication: authentication, date: date)
        }
        return try Self.decode(Answer.self, from: response, operation: path)
    }

    /// Sends raw bytes to (or fetches them from) an absolute URL that carries its own authorization, such as an
    /// asset upload or download URL, with the same retries; returns the answer's body.
    func sendUnauthenticated(_ method: HTTPMethod, url: String, body: [UInt8] = []) async throws -> TransportResponse {
        var headers: [(name: String, value: String)] = []
        if method == .post {
            headers.append(("Content-Type", "application/octet-stream"))
        }
        let request = TransportRequest(method: method, url: url, headers: headers, body: body, timeout: configuration.requestTimeout)
        return try await perform(url) { _ in request }
    }

    private static func encode(_ body: (any Encodable)?, path: String) throws(CloudKitClientError) -> [UInt8] {
        guard let body else { return [] }
        do {
            return Array(try JSONEncoder().encode(body))
        } catch {
            throw .invalidRequest("the body of \(path) could not be encoded as JSON: \(error)")
        }
    }

    static func decode<Answer: Decodable>(_ type: Answer.Type, from response: TransportResponse, operation: String) throws(CloudKitClientError) -> Answer {
        do {
            return try JSONValueDecoder().decode(Answer.self, from: response.body.isEmpty ? Array("{}".utf8) : response.body)
        } catch {
            throw .decoding(operation: operation, httpStatus: response.status, detail: String(describing: error))
        }
    }
}

/// The answer of a call that answers nothing worth reading (`{}`).
struct EmptyAnswer: Decodable, Sendable {}
