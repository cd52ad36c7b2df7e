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

    /// Expects the screen, its times, latencies and hexadecimal names masked, to be the golden `name` at `size`.
    private static func expectMonitorMasked(_ dashboard: DashboardHarness, matches name: String, size: Size) throws {
        let lines = dashboard.lines.map { line in
            line.replacing(/_[0-9a-f]+…|_[0-9a-f]{32}|Request \d+|[0-9a-f]{8,}…?|\d{4}-\d\d-\d\d(?: [0-9:]+)?|\d\d:\d\d:\d\d|\d+\.\d+ ?ms|demo-\d+-\d+|[0-9A-F]{8}-[0-9A-F-]{27}/) { match in
                String(repeating: "#", count: match.output.count)
            }
        }
        try Golden.expect(lines, matches: "\(name)-\(size.width)x\(size.height)")
    }
}
