import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The telemetry screen against the demo server: requests another client makes are counted in their
/// environment's chart, the cursor reads a point, and `L` opens the requests behind it.
@Suite("Telemetry: the charts", .heavy)
struct TelemetryScreenTests {
    private static let size = Size(width: 100, height: 30)

    @Test("failing requests in production are counted in production's error chart only, and L lists them")
    func errorsInProduction() async throws {
        try await DemoServer.run { demo in
            let production = demo.client.addressing(EmbeddedServer.demoContainer, environment: .production)
            for _ in 0..<3 {
                _ = try? await production.queryRecords(Query(recordType: "NoSuchType", filterBy: [Filter(.field("x"), .equals, .int64(1))]))
            }
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("telemetry")
            try await dashboard.press(.character("m"))
            try await dashboard.type("errors")
            try await dashboard.press(.down, .enter)
            try await Self.reload(dashboard, until: "production's three errors") { $0.screen.contains("production · errors · total 3 errors") }
            #expect(dashboard.lines[1].contains("Telemetry: errors, last 1h"))

            try await dashboard.press(.character("b"), .down, .down, .down, .down, .enter)
            try await dashboard.waitUntil("a series per error code") { dashboard.screen.contains("(by errorCode)") && !dashboard.screen.contains("Reading") }
            let legend = { try #require(dashboard.lines.drop { !$0.contains("production · errors") }.dropFirst().first) }
            let grouped = try legend()
            #expect(grouped.contains("■ BAD_REQUEST"), "\(grouped)")

            try await dashboard.press(.tab)
            #expect(dashboard.screen.contains("▸ production"))
            var atCursor = 0
            for _ in 0..<3 {
                atCursor = Int(try #require(try legend().firstMatch(of: /BAD_REQUEST (\d+) errors/)?.output.1)) ?? 0
                if atCursor > 0 { break }
                try await dashboard.press(.left)
            }
            #expect(atCursor > 0, "the errors are in the last minutes")
            try await dashboard.press(.character("L"))
            try await dashboard.waitUntil("the requests behind the point") { dashboard.lines[1].contains("[\(atCursor)] · paused") }
            #expect(dashboard.lines[1].contains("production") && dashboard.lines[1].contains("· paused"), "\(dashboard.lines[1])")
            let rows = dashboard.lines.filter { $0.contains("records/") }
            #expect(rows.count == atCursor && rows.allSatisfy { $0.contains("prod/public") && $0.contains("BAD_REQ") }, "\(rows)")
        }
    }

    /// Presses `r` until `condition` holds: the request log reaches telemetry a moment after the request.
    private static func reload(_ dashboard: DashboardHarness, until what: String, _ condition: (DashboardHarness) -> Bool) async throws {
        for _ in 0..<40 where !condition(dashboard) {
            try await Task.sleep(for: .milliseconds(250))
            try await dashboard.press(.character("r"))
            try await dashboard.settle()
        }
        #expect(condition(dashboard), "\(what):\n\(dashboard.screen)")
    }
}
