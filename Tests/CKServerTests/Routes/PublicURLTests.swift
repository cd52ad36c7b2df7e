import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("URLs the server hands out", .heavy)
struct PublicURLTests {
    @Test("with a public URL configured, upload URLs and sign-in pages use it rather than the Host header")
    func configuredPublicURL() async throws {
        let server = try await TestServer()
        var configuration = server.temporary.configuration
        configuration.publicURL = "https://ck.example.com/"
        let services = ServerServices(storage: server.temporary.storage, configuration: configuration)
        try await buildApplication(services: services, port: 0).test(.live) { client in
            let tokens = try await server.post(
                client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: .user(server.webAuthToken))
            let url = try #require((try tokens.json["tokens"] as? [[String: Any]])?.first?["url"] as? String)
            #expect(url.hasPrefix("https://ck.example.com/assets/upload/"))
            let anonymous = try await client.execute(uri: server.path("users/current") + "?ckAPIToken=\(server.apiToken)", method: .get)
            #expect(try anonymous.json["redirectURL"] as? String == "https://ck.example.com/auth/\(server.container)")
        }
        try await server.live { client in
            let tokens = try await server.post(
                client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: .user(server.webAuthToken))
            let url = try #require((try tokens.json["tokens"] as? [[String: Any]])?.first?["url"] as? String)
            #expect(url.hasPrefix("http://"))
        }
    }
}
