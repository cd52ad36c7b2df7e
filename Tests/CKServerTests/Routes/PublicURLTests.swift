import CKModel
@testable import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Logging
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
            let apiTokenID = SecretGenerator.hash(of: server.apiToken).prefix(16)
            #expect(try anonymous.json["redirectURL"] as? String == "https://ck.example.com/auth/\(server.container)?apiTokenID=\(apiTokenID)")
        }
        try await server.live { client in
            let tokens = try await server.post(
                client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: .user(server.webAuthToken))
            let url = try #require((try tokens.json["tokens"] as? [[String: Any]])?.first?["url"] as? String)
            #expect(url.hasPrefix("http://"))
        }
    }

    @Test("a Host header is a DNS name, an IPv4 address or a bracketed IPv6 address with an optional port; loopback names are told apart")
    func hostNames() {
        for (host, name) in [
            ("example.com", "example.com"), ("Ex-1.example.com:8080", "Ex-1.example.com"), ("127.0.0.1:65535", "127.0.0.1"),
            ("[::1]:80", "[::1]"), ("[fe80::1%]", nil), ("[::1]", "[::1]"), ("a b", nil), ("-a.example", nil), ("a-.example", nil),
            ("example.com:0", nil), ("example.com:65536", nil), ("example.com:+80", nil), ("example.com:", nil), ("", nil), ("a..b", nil),
            ("ünï.example", nil), (String(repeating: "a", count: 64) + ".example", nil),
        ] as [(String, String?)] {
            #expect(PublicAddress.hostName(of: host) == name, "\(host)")
        }
        for name in ["localhost", "LocalHost", "::1", "[::1]", "127.0.0.1", "127.255.0.9"] {
            #expect(PublicAddress.isLoopback(name), "\(name)")
        }
        for name in ["127.0.0.1.example.com", "127.0.0.256", "127.0.0", "128.0.0.1", "127.0.0.+1", "example.com", "0.0.0.0", "127..0.1"] {
            #expect(!PublicAddress.isLoopback(name), "\(name)")
        }
    }

    @Test("without a public URL, a Host that is not a host name and port, or not a loopback name on a loopback server, is refused and no URL is built from it")
    func checkedHostHeader() async throws {
        let server = try await TestServer()
        var logger = Logger(label: "ckserver")
        logger.logLevel = .critical
        let loopback = try await LoopbackServer.start(services: server.services, logger: logger)
        defer { Task { await loopback.stop() } }
        let port = loopback.port
        let body = #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#
        let path = server.path("assets/upload") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
        func upload(host: String) async throws -> String? {
            try await BlockingCall.run {
                let connection = try RawConnection(port: port)
                connection.send("POST \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                return connection.readAnswer()
            }
        }
        for host in ["evil.example:1/../x", "evil.example", "127.0.0.1.evil.example", "127.evil.example:80", "127.0.0.1:99999", "a b", "[zz]"] {
            let answer = try #require(try await upload(host: host))
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(host): \(answer.prefix(80))")
            #expect(answer.contains(#""serverErrorCode":"BAD_REQUEST""#), "\(host)")
            #expect(!answer.contains("/assets/upload/"), "\(host)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] {
            let answer = try #require(try await upload(host: host))
            #expect(answer.contains("\"url\":\"http:\\/\\/\(host)\\/assets\\/upload\\/") || answer.contains("\"url\":\"http://\(host)/assets/upload/"), "\(host): \(answer.suffix(200))")
        }
    }
}
