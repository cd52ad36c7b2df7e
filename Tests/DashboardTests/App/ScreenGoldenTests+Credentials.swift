import CKClient
import CKModel
import CKServer
import Crypto
import TerminalKit
import Testing

@testable import Dashboard

/// The tokens and keys screen, its dialogs, and the audit log against their goldens. Secrets, IDs and times differ
/// from run to run, so they are masked with `#` before the comparison.
extension ScreenGoldenTests {
    @Test("tokens and keys: each tab, making a token and its secret, adding a key, revoking the dashboard's own token", arguments: sizes)
    func credentials(size: Size) async throws {
        try await DemoServer.run { demo in
            _ = try await demo.containerClient.createAPIToken(name: "web app")
            _ = try await demo.client.createManagementToken(name: "ci", container: EmbeddedServer.demoContainer, readOnly: true)
            _ = try await demo.containerClient.addServerKey(publicKeyPEM: P256.Signing.PrivateKey().publicKey.pemRepresentation)
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("tokens")
            try Self.expectMasked(dashboard, matches: "tokens-api", size: size)
            try await dashboard.press(.character("n"))
            try Self.expectMasked(dashboard, matches: "tokens-new-api", size: size)
            try await dashboard.type("mobile app")
            try await dashboard.press(.enter)
            try Self.expectMasked(dashboard, matches: "tokens-secret", size: size)
            try await dashboard.press(.enter, .tab)
            try Self.expectMasked(dashboard, matches: "tokens-keys", size: size)
            try await dashboard.press(.character("n"))
            try Self.expectMasked(dashboard, matches: "tokens-new-key", size: size)
            try await dashboard.press(.escape, .tab)
            try Self.expectMasked(dashboard, matches: "tokens-management", size: size)
            try await dashboard.press(.character("n"))
            try Self.expectMasked(dashboard, matches: "tokens-new-management", size: size)
            try await dashboard.press(.escape, .character("x"))
            try Self.expectMasked(dashboard, matches: "tokens-revoke-own", size: size)
        }
    }

    @Test("the audit log, its filters and one entry in full", arguments: sizes)
    func audit(size: Size) async throws {
        try await DemoServer.run { demo in
            let created = try await demo.containerClient.createAPIToken(name: "web app")
            try await demo.containerClient.revokeAPIToken(id: created.token.id)
            _ = try await demo.client.createManagementToken(name: "ci", container: nil, readOnly: false)
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("audit")
            try Self.expectMasked(dashboard, matches: "audit", size: size)
            try await dashboard.press(.character("f"))
            try Self.expectMasked(dashboard, matches: "audit-filters", size: size)
            try await dashboard.press(.escape, .character("j"), .enter)
            try Self.expectMasked(dashboard, matches: "audit-entry", size: size)
        }
    }

    /// Expects the screen, its secrets, IDs and times masked (even where a column or a dialog cuts them), to be the
    /// golden `name` at `size`.
    private static func expectMasked(_ dashboard: DashboardHarness, matches name: String, size: Size) throws {
        let lines = dashboard.lines.map { line in
            line.replacing(/ckm_[A-Za-z0-9_-]{48}|[0-9a-f]{8,}…?|[┐│][0-9a-f]{1,7}…|\d{4}-\d\d-\d\d(?: [0-9:]+)?|\d\d:\d\d:\d\d/) { match in
                let border = match.output.first.flatMap { "┐│".contains($0) ? String($0) : nil } ?? ""
                return border + String(repeating: "#", count: match.output.count - border.count)
            }
        }
        try Golden.expect(lines, matches: "\(name)-\(size.width)x\(size.height)")
    }
}
