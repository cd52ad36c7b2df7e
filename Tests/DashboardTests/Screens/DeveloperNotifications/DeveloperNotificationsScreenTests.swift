import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The developer notifications against the demo server: the header counts the unread ones, `:notifications` lists
/// them, Enter marks one read and opens what it is about, `M` marks every one read.
@Suite("Developer notifications: the header's count and the list", .heavy)
struct DeveloperNotificationsScreenTests {
    private static let size = Size(width: 120, height: 30)

    @Test("a token created elsewhere is counted in the header; Enter marks it read and opens the tokens; M marks the rest")
    func readingNotifications() async throws {
        try await DemoServer.run { demo in
            let container = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await container.createAPIToken(name: "ci-web")
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            #expect(dashboard.lines[0].contains("✉ 1"), "\(dashboard.lines[0])")

            try await dashboard.command("notifications")
            try await dashboard.waitUntil("the notification") { dashboard.lines[1].contains("Notifications [1] · 1 unread") }
            let row = try #require(dashboard.lines.first { $0.contains("apiToken.create") })
            #expect(row.contains("●") && row.contains("API token created: ") && row.contains("iCloud.com.example"), "\(row)")

            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the tokens") { dashboard.lines[1].contains("Tokens and keys") }
            try await dashboard.settle()
            #expect(!dashboard.lines[0].contains("✉"), "\(dashboard.lines[0])")
            try await dashboard.press(.escape)
            try await dashboard.waitUntil("the list again, read") { dashboard.lines[1].contains("0 unread") }
            #expect(try #require(dashboard.lines.first { $0.contains("apiToken.create") }).contains("●") == false)

            for name in ["ci-ios", "ci-android"] { _ = try await container.createAPIToken(name: name) }
            try await dashboard.press(.character("r"))
            try await dashboard.waitUntil("two more") { dashboard.lines[1].contains("Notifications [3] · 2 unread") }
            try await dashboard.press(.character("M"))
            try await dashboard.waitUntil("every one read") { dashboard.lines[1].contains("0 unread") }
            #expect(try await demo.client.developerNotifications().unread == 0)
        }
    }
}
