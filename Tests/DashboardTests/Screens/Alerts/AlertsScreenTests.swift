import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The alerts screen against the demo server, whose replayed day holds an hour of failing requests: a rule is
/// created through its form and preview, shown in full, previewed again and deleted, and the server holds
/// exactly what the screen said at each step.
@Suite("Alerts: the rules", .heavy)
struct AlertsScreenTests {
    private static let size = Size(width: 120, height: 40)

    @Test("n fills a form, previews the last 7 days (Esc goes back with what was typed), Enter creates; Enter, p and d")
    func createPreviewDelete() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("alerts")
            try await dashboard.waitUntil("the empty list") { dashboard.screen.contains("No alert rules: n creates one") }

            try await dashboard.press(.character("n"))
            try await dashboard.type("Sync failing")
            try await dashboard.press(.tab, .right, .tab)
            try await dashboard.type("x")
            for _ in 0..<9 { try await dashboard.press(.enter) }
            #expect(dashboard.screen.contains("A number, 0 or more"), "the threshold is checked before the preview")
            try await dashboard.press(.backspace)
            try await dashboard.type("0")
            for _ in 0..<9 { try await dashboard.press(.enter) }
            try await dashboard.waitUntil("the preview") { dashboard.screen.contains("Preview: Sync failing") }
            #expect(dashboard.screen.contains("errors over 5m above 0 errors"))
            #expect(dashboard.screen.contains("It would have fired"), "the demo day's incident had failing requests")
            #expect(try await demo.alertsClient().alertRules().isEmpty, "a preview creates nothing")

            try await dashboard.press(.escape)
            #expect(dashboard.screen.contains("New alert rule") && dashboard.screen.contains("Sync failing"))
            for _ in 0..<11 { try await dashboard.press(.enter) }
            try await dashboard.waitUntil("the preview again") { dashboard.screen.contains("Enter creates the rule") }
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the rule listed") { dashboard.lines[1].contains("Alert rules [1]") }
            let rules = try await demo.alertsClient().alertRules()
            #expect(rules.map(\.name) == ["Sync failing"] && rules.first?.metric == .errors && rules.first?.threshold == 0)
            #expect(dashboard.screen.contains("errors over 5m above 0 errors"))

            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the rule in full") { dashboard.screen.contains("Watches    errors over 5m") }
            try await dashboard.press(.escape, .character("p"))
            try await dashboard.waitUntil("its preview") { dashboard.screen.contains("Preview: Sync failing") && dashboard.screen.contains("Esc closes") }
            try await dashboard.press(.escape, .character("d"))
            #expect(dashboard.confirmation?.message.contains("errors over 5m above 0 errors") == true)
            try await dashboard.press(.character("y"))
            try await dashboard.waitUntil("the rule gone") { dashboard.lines[1].contains("Alert rules [0]") }
            #expect(try await demo.alertsClient().alertRules().isEmpty)
        }
    }
}

extension DemoServer {
    /// A client of the demo container's alert rules.
    func alertsClient() -> CloudKitClient {
        client.addressing(EmbeddedServer.demoContainer, environment: .development)
    }
}
