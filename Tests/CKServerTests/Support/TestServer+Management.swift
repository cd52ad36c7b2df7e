import CKModel
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

extension TestServer {
    /// Sends a management API call to `/management/1/<path>` with `token` (a JSON body for POST).
    static func management(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ body: (some Encodable)? = String?.none,
        token: String?
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token {
            headers[.authorization] = "Bearer \(token)"
        }
        let bytes = try body.map { try JSONEncoder().encode($0) }.map { ByteBuffer(bytes: $0) }
        return try await client.execute(uri: "/management/1/" + path, method: method, headers: headers, body: bytes)
    }

    /// A response's body decoded as `type`.
    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONValueDecoder().decode(T.self, from: Data(buffer: response.body))
    }
}
