import Foundation

/// Turns an operation's path, query and body into a complete request: the absolute URL, the credentials (query
/// parameters, a bearer token or a signature) and the headers.
struct RequestBuilder: Sendable {
    let configuration: ClientConfiguration
    /// The web auth token to send: the latest one the server answered, or the configured one.
    let webAuthToken: String?

    /// The request for `method` on `path` (starting with `/`), signed at `date` when a key signs it.
    func request(
        _ method: HTTPMethod, path: String, query: [(String, String)], body: [UInt8], authentication: RequestAuthentication, date: Date
    ) throws(CloudKitClientError) -> TransportRequest {
        var query = query
        var headers: [(name: String, value: String)] = [("User-Agent", configuration.userAgent)]
        if method == .post {
            headers.append(("Content-Type", "application/json"))
        }
        switch authentication {
        case .database:
            try authenticateDataRequest(query: &query, headers: &headers, body: body, path: path, date: date)
        case .management:
            guard let token = configuration.credentials.managementToken else {
                throw .needsManagementAPI
            }
            headers.append(("Authorization", "Bearer \(token)"))
        case .none:
            break
        }
        return TransportRequest(
            method: method, url: url(path: path, query: query), headers: headers, body: body, timeout: configuration.requestTimeout)
    }

    private func authenticateDataRequest(
        query: inout [(String, String)], headers: inout [(name: String, value: String)], body: [UInt8], path: String, date: Date
    ) throws(CloudKitClientError) {
        let credentials = configuration.credentials
        if webAuthToken != nil, credentials.apiToken == nil {
            throw .invalidRequest("a web auth token is sent together with the container's API token, and no API token is configured")
        }
        if let apiToken = credentials.apiToken, let webAuthToken {
            query += [("ckAPIToken", apiToken), ("ckWebAuthToken", webAuthToken)]
        } else if let key = credentials.serverToServerKey {
            headers += try RequestSigner(key: key).headers(body: body, subpath: path, date: date)
        } else if let apiToken = credentials.apiToken {
            query.append(("ckAPIToken", apiToken))
        } else if let managementToken = credentials.managementToken {
            headers.append(("Authorization", "Bearer \(managementToken)"))
            if let userRecordName = credentials.actingAsUser {
                headers.append(("X-CKServer-Act-As", userRecordName))
            }
        } else {
            throw .invalidRequest("no credentials: configure an API token (with a user's web auth token to act as that user), a server-to-server key or a management token")
        }
    }

    /// The server URL, `path` and the query string, every name and value percent-encoded (a web auth token's
    /// `+`, `/` and `=` must reach the server encoded).
    private func url(path: String, query: [(String, String)]) -> String {
        var base = configuration.serverURL.absoluteString
        while base.hasSuffix("/") {
            base.removeLast()
        }
        guard !query.isEmpty else { return base + path }
        let items = query.map { "\(Self.percentEncoded($0.0))=\(Self.percentEncoded($0.1))" }
        return base + path + "?" + items.joined(separator: "&")
    }

    /// Characters that need no encoding in a query component (RFC 3986 unreserved).
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
