import CKModel
import CKServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// Who a test request is sent as.
enum TestCredentials {
    /// The API token alone.
    case world
    /// The API token and this web auth token.
    case user(String)
    /// The management token, optionally acting as a user.
    case developer(actingAs: String?)
}

extension TestServer {
    /// Sends `body` (JSON text) to `operation` as `credentials` and returns the response.
    func post(
        _ client: any TestClientProtocol, _ operation: String, _ body: String, as credentials: TestCredentials,
        database: String = "public", environment: String = "development"
    ) async throws -> TestResponse {
        var uri = path(operation, database: database, environment: environment)
        var headers: HTTPFields = [.contentType: "text/plain"]
        switch credentials {
        case .world:
            uri += "?ckAPIToken=\(apiToken)"
        case .user(let token):
            uri += "?ckAPIToken=\(apiToken)&ckWebAuthToken=\(Self.encoded(token))"
        case .developer(let userRecordName):
            headers[.authorization] = "Bearer \(managementToken)"
            if let userRecordName {
                headers[HTTPField.Name("X-CKServer-Act-As")!] = userRecordName
            }
        }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The `records` array of a response, each entry as a JSON object.
    static func records(_ response: TestResponse) throws -> [[String: Any]] {
        guard let records = try response.json["records"] as? [[String: Any]] else {
            throw ServerError(.internalError, reason: "no records in \(String(buffer: response.body))")
        }
        return records
    }

    /// Makes a second user and returns their web auth token and record name.
    func secondUser(_ name: String = "ann", roles: [String] = [], email: String? = nil, discoverable: Bool = false) async throws
        -> (token: String, recordName: String)
    {
        let service = UserService(storage: temporary.storage, configuration: temporary.configuration)
        let (user, token) = try await service.create(name: name, emailAddress: email, discoverable: discoverable, in: container)
        for role in roles {
            _ = try await service.changeRole(role, adding: true, toUserNamed: name, in: container)
        }
        return (token, user.userRecordName)
    }
}
