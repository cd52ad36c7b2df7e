import CKClient
import CKModel
import CKServer
import TerminalKit
import Testing

@testable import Dashboard

/// The Monitor's screens against their goldens. The demo's made-up day is the same on every replay, but its times
/// count back from now and the dashboard's own requests take their own time, so times, latencies and record
/// names are masked with `#` before the comparison.
extension ScreenGoldenTests {
    @Test("the request log, live: the newest requests, one in full, paused", arguments: sizes)
    func logs(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("logs")
            try Self.expectMonitorMasked(dashboard, matches: "logs", size: size)
            try await dashboard.press(.character("j"), .enter)
            try Self.expectMonitorMasked(dashboard, matches: "logs-entry", size: size)
            try await dashboard.press(.escape, .character("s"))
            try Self.expectMonitorMasked(dashboard, matches: "logs-paused", size: size)
            try await dashboard.press(.character("f"))
            try Self.expectMonitorMasked(dashboard, matches: "logs-filters", size: size)
        }
    }

    @Test("telemetry: development's and production's charts, the metric picker, the filters", arguments: sizes)
    func telemetry(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("telemetry")
            try Self.expectChartsMasked(dashboard, matches: "telemetry", size: size)
            try await dashboard.press(.character("m"))
            try Self.expectChartsMasked(dashboard, matches: "telemetry-metrics", size: size)
            try await dashboard.press(.escape, .character("f"))
            try Self.expectChartsMasked(dashboard, matches: "telemetry-filters", size: size)
        }
    }

    @Test("developer notifications: the header's unread count, the list", arguments: sizes)
    func developerNotifications(size: Size) async throws {
        try await DemoServer.run { demo in
            let container = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await container.createAPIToken(name: "ci-web")
            _ = try await container.createAPIToken(name: "ci-ios")
            try await demo.client.markNotificationsRead([1])
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("notifications")
            try Self.expectMonitorMasked(dashboard, matches: "developer-notifications", size: size)
        }
    }

    @Test("alert rules: the list, the new rule's form, a rule's preview and the rule in full", arguments: sizes)
    func alerts(size: Size) async throws {
        try await DemoServer.run { demo in
            _ = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).createAlertRule(AlertRule(
                name: "Production failing", containerID: EmbeddedServer.demoContainer, metric: .errorRate, environment: .production,
                threshold: 50, window: .hour, webhookURL: "https://hooks.example.com/ckserver"))
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("alerts")
            try Self.expectChartsMasked(dashboard, matches: "alerts", size: size)
            try await dashboard.press(.character("n"))
            try Self.expectChartsMasked(dashboard, matches: "alerts-new", size: size)
            try await dashboard.press(.escape, .character("p"))
            try await dashboard.waitUntil("the preview") { dashboard.screen.contains("Esc closes") }
            try Self.expectChartsMasked(dashboard, matches: "alerts-preview", size: size)
            try await dashboard.press(.escape, .enter)
            try await dashboard.waitUntil("the rule in full") { dashboard.screen.contains("Watches") }
            try Self.expectChartsMasked(dashboard, matches: "alerts-rule", size: size)
        }
    }

    /// Expects the screen to be the golden `name` at `size` once what depends on the minute it runs in is masked: the
    /// demo's day ends at the minute the server started, so the charts' bars, the cursor over them and every number
    /// (values, totals, the axis's scale, whose width moves the plot) move with the clock. Numbers become one `#`,
    /// the bars blanks, and runs of blanks one; what is written, where it is cut and in what order stays checked.
    private static func expectChartsMasked(_ dashboard: DashboardHarness, matches name: String, size: Size) throws {
        let lines = dashboard.lines.map { line in
            line.replacing(/\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)?(?:–(?:\d{4}-\d\d-\d\d )?\d\d:\d\d)?/) { _ in "#" }
                .replacing(/rule-[0-9a-zA-Z-]+|[0-9a-f]{8}-[0-9a-f-]{27}/) { _ in "#" }
                .replacing(/[\u{2800}-\u{28FF}▁▂▃▄▅▆▇█┊]/) { _ in " " }
                .replacing(/\d+(?:\.\d+)?[kMG]?/) { _ in "#" }
                .replacing(/\ +/) { _ in " " }
        }
        try Golden.expect(lines, matches: "\(name)-\(size.width)x\(size.height)")
    }

    /// Expects the screen, its times, latencies and hexadecimal names masked, to be the golden `name` at `size`.
    private static func expectMonitorMasked(_ dashboard: DashboardHarness, matches name: String, size: Size) throws {
        let lines = dashboard.lines.map { line in
            line.replacing(/: [0-9a-f]{3,}…|_[0-9a-f]+…|_[0-9a-f]{32}|Request \d+|[0-9a-f]{8,}…?|\d{4}-\d\d-\d\d(?: [0-9:]+)?|\d\d:\d\d:\d\d|\d+\.\d+ ?ms|demo-\d+-\d+|[0-9A-F]{8}-[0-9A-F-]{27}/) { match in
                String(repeating: "#", count: match.output.count)
            }
        }
        try Golden.expect(lines, matches: "\(name)-\(size.width)x\(size.height)")
    }
}
