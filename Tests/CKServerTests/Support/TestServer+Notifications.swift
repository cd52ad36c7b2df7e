import Foundation
import HummingbirdTesting
import NIOCore
import Testing

extension TestServer {
    /// Polls the courier path of a `webcourierURL` and returns the notification, or `nil` for an empty answer.
    static func poll(_ client: any TestClientProtocol, _ courierURL: String) async throws -> [String: Any]? {
        let path = String(courierURL.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
        let response = try await client.execute(uri: path, method: .get)
        #expect(response.status == .ok)
        guard response.body.readableBytes > 0 else { return nil }
        return try response.json
    }

    /// Creates and registers a push token for the user with `webAuthToken` and returns its courier URL.
    func courier(_ client: any TestClientProtocol, _ webAuthToken: String) async throws -> String {
        let created = try await client.execute(
            uri: "/device/1/\(container)/development/tokens/create?ckAPIToken=\(apiToken)&ckWebAuthToken=\(Self.encoded(webAuthToken))",
            method: .post, body: ByteBuffer(string: #"{"apnsEnvironment":"development"}"#))
        let token = try #require(try created.json["apnsToken"] as? String)
        _ = try await post(client, "tokens/register", #"{"apnsEnvironment":"development","apnsToken":"\#(token)"}"#, as: .user(webAuthToken))
        return try #require(try created.json["webcourierURL"] as? String)
    }
}
