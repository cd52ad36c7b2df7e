import CKClient
import CKModel
import CKServer
import CKTestSupport
import Crypto
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The tokens and keys screen driven with keys against the demo server: making tokens (the secret shown once),
/// adding keys from a file or pasted, revoking after a confirmation, and nothing offered to a read-only session.
@Suite("Tokens and keys: make, add, revoke", .heavy)
struct CredentialsScreenTests {
    private static let size = Size(width: 120, height: 30)

    @Test("n makes an API token: its secret is shown once, in full, then never again; the token is listed")
    func apiToken() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("tokens")
            #expect(dashboard.lines[1].contains("Tokens and keys: API tokens [0]"))
            try await dashboard.press(.character("n"))
            try await dashboard.type("web app")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("API token web app created"))
            #expect(dashboard.screen.contains("Copy the secret now: it will not be shown again."))
            let secret = try #require(dashboard.lines.compactMap { $0.firstMatch(of: /[0-9a-f]{64}/) }.first.map { String($0.output) })
            let token = try #require(try await demo.containerClient.apiTokens().first { $0.name == "web app" })
            #expect(token.id == Self.identifier(of: secret), "the secret shown is not the token's")
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text.hasPrefix("Copied the secret") == true)
            try await dashboard.press(.enter)
            #expect(!dashboard.screen.contains(secret))
            #expect(dashboard.lines.contains { $0.contains("▸web app") && $0.contains(token.id) })
            #expect(!dashboard.screen.contains("* the token this dashboard uses"))
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("ID         \(token.id)") && !dashboard.screen.contains(secret))
            try await dashboard.press(.escape, .character("r"))
            #expect(!dashboard.screen.contains(secret) && !dashboard.screen.contains("created"))
        }
    }

    @Test("n on the management tokens makes a read-only token for the container; its secret works and is shown once")
    func managementToken() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("tokens")
            try await dashboard.press(.tab, .tab, .character("n"))
            #expect(dashboard.screen.contains("New management token"))
            try await dashboard.press(.enter, .enter, .enter)
            #expect(dashboard.screen.contains("A management token needs a name"))
            try await dashboard.type("ci")
            try await dashboard.press(.enter, .enter, .right, .enter)
            #expect(dashboard.screen.contains("Management token ci created"))
            let secret = try #require(dashboard.lines.compactMap { $0.firstMatch(of: /ckm_[A-Za-z0-9_-]{48}/) }.first.map { String($0.output) })
            let ci = demo.client(sending: .managementToken(secret))
            let current = try await ci.currentManagementToken()
            try await ci.shutdown()
            #expect(current.name == "ci" && current.readOnly && current.containerID == EmbeddedServer.demoContainer)
            try await dashboard.press(.escape)
            #expect(!dashboard.screen.contains(secret))
            let row = try #require(dashboard.lines.first { $0.contains("▸ci") })
            #expect(row.contains("iCloud.com.example.Party") && row.contains("read only"))
        }
    }

    @Test("n on the keys adds a P-256 public key from a PEM file; the key is listed and signs requests")
    func serverKeyFromFile() async throws {
        try await DemoServer.run { demo in
            let privateKey = P256.Signing.PrivateKey()
            let file = demo.folder.appendingPathComponent("key-public.pem")
            try privateKey.publicKey.pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("keys")
            try await dashboard.press(.character("n"))
            #expect(dashboard.screen.contains("Path of the public key's PEM file, or paste the key"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter)
            let key = try #require(try await demo.containerClient.serverKeys().first)
            #expect(dashboard.app.status?.text == "Added the server-to-server key \(key.keyID)")
            #expect(dashboard.lines.contains { $0.contains("▸\(key.keyID.prefix(20))") })
            let signed = demo.client(sending: .serverToServerKey(ServerToServerKey(keyID: key.keyID, privateKey: privateKey)))
            let zones = try await signed.allZones()
            try await signed.shutdown()
            #expect(zones.contains { (try? $0.get())?.zoneID.zoneName == "_defaultZone" })
        }
    }

    @Test("a PEM pasted line by line is read to its END line, and its key added")
    func serverKeyPasted() async throws {
        try await DemoServer.run { demo in
            let pem = P256.Signing.PrivateKey().publicKey.pemRepresentation
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("keys")
            try await dashboard.press(.character("n"))
            for line in pem.split(separator: "\n") {
                try await dashboard.type(String(line))
                try await dashboard.press(.enter)
            }
            #expect(try await demo.containerClient.serverKeys().count == 1)
            #expect(dashboard.app.status?.text.hasPrefix("Added the server-to-server key") == true)
            #expect(dashboard.app.overlay == nil && !dashboard.app.top.capturesKeys)
        }
    }

    @Test("a file that is not a public key gets the server's reason; a private key is refused before it is sent")
    func invalidKeys() async throws {
        try await DemoServer.run { demo in
            let invalid = demo.folder.appendingPathComponent("not-a-key.pem")
            try "-----BEGIN PUBLIC KEY-----\nAAAAAAAA\n-----END PUBLIC KEY-----\n".write(to: invalid, atomically: true, encoding: .utf8)
            let secret = demo.folder.appendingPathComponent("key.pem")
            try P256.Signing.PrivateKey().pemRepresentation.write(to: secret, atomically: true, encoding: .utf8)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("keys")
            for (path, expected) in [
                (invalid.path, "not an ECDSA P-256 public key"), (secret.path, "That is a private key"),
                (demo.folder.appendingPathComponent("missing.pem").path, "there is no such file"),
            ] {
                try await dashboard.press(.character("n"))
                try await dashboard.type(path)
                try await dashboard.press(.enter)
                let status = try #require(dashboard.app.status)
                #expect(status.kind == .error && status.text.contains(expected), "\(path): \(status.text)")
            }
            #expect(try await demo.containerClient.serverKeys().isEmpty)
        }
    }

    @Test("x revokes after a confirmation naming the token; Esc keeps it")
    func revoke() async throws {
        try await DemoServer.run { demo in
            let created = try await demo.containerClient.createAPIToken(name: "web app")
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("tokens")
            try await dashboard.press(.character("x"))
            #expect(dashboard.screen.contains("Revoke API token web app?"))
            #expect(dashboard.screen.contains("stops") && dashboard.screen.contains("working at once"))
            try await dashboard.press(.escape)
            #expect(try await demo.containerClient.apiTokens().count == 1)
            try await dashboard.press(.character("x"), .character("y"))
            #expect(try await demo.containerClient.apiTokens().isEmpty)
            #expect(dashboard.app.status?.text == "Revoked API token web app: it no longer works")
            #expect(dashboard.lines[1].contains("API tokens [0]") && !dashboard.screen.contains(created.token.id))
        }
    }

    @Test("revoking the dashboard's own management token says so and needs its name typed")
    func revokeOwnToken() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("tokens")
            try await dashboard.press(.tab, .tab)
            #expect(dashboard.lines.contains { $0.contains("▸* ckdash (embedded)") })
            #expect(dashboard.screen.contains("* the token this dashboard uses"))
            try await dashboard.press(.character("x"))
            #expect(dashboard.screen.contains("Revoke this dashboard's own token ckdash (embedded)?"))
            #expect(dashboard.screen.contains("This is the token this dashboard uses"))
            #expect(dashboard.screen.contains("Type ckdash (embedded) to confirm."))
            try await dashboard.press(.character("y"), .enter)
            #expect(dashboard.screen.contains("Type ckdash (embedded) to confirm."), "y or Enter revoked without the name")
            try await dashboard.press(.escape)
            #expect(try await demo.client.managementTokens().contains { $0.name == "ckdash (embedded)" })
        }
    }

    @Test("a read-only session offers neither n nor x, in the hints or the help, and refuses them")
    func readOnly() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, isReadOnly: true)
            try await dashboard.start()
            try await dashboard.command("tokens")
            #expect(!dashboard.lines[29].contains("New") && !dashboard.lines[29].contains("Revoke"))
            try await dashboard.press(.character("?"))
            #expect(!dashboard.screen.contains("Revoke the selected") && !dashboard.screen.contains("Make an API token"))
            try await dashboard.press(.escape, .character("n"))
            #expect(dashboard.app.status?.text == "Read-only session: New is not available")
            #expect(!dashboard.app.top.capturesKeys)
        }
    }

    @Test("credentials are the container's, not an environment's: in locked production n still asks")
    func productionLockDoesNotApply() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, environment: .production)
            try await dashboard.start()
            try await dashboard.command("tokens")
            try await dashboard.press(.character("n"))
            #expect(dashboard.screen.contains("New API token"))
        }
    }

    /// A token's ID: the first 16 hex characters of its secret's SHA-256.
    private static func identifier(of secret: String) -> String {
        String(SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined().prefix(16))
    }
}
