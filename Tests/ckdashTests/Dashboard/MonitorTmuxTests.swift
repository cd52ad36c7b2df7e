import CKTestSupport
import Foundation
import Testing

/// The Monitor end to end under tmux, on the embedded default: a failing request made by another process on the
/// same data folder shows up on `:logs` as it happens, `f` keeps the failures, and the error chart of
/// `:telemetry` counts it by its code.
extension DashboardTmuxTests {
    @Test("a failing query from ckdash in another process appears live on :logs, with its error and its client's platform, and in the error chart")
    func failingRequestOnLogs() async throws {
        let session = try await TmuxSession(width: 160)
        defer { session.stop() }
        try await DashboardTmuxTests.waitForRecordTypes(session)
        try await session.command("logs")
        try await session.waitFor("Request log [", "· live")

        let failed = try await Self.ckdash(["records", "query", "--type", "Nothing", "--filter", "price > 1"], in: session)
        #expect(failed.status != 0)
        // ckdash names its platform in its User-Agent; the demo's made-up requests never come from Linux.
        let screen = try await session.waitFor("Linux")
        let row = try #require(screen.split(separator: "\n").first { $0.contains("Linux") })
        #expect(row.contains("records/query") && row.contains("BAD_REQUEST") && row.contains("token"), "\(row)")

        try await session.press("f", "Tab")
        try await session.type("any")
        try await session.press("Enter", "Enter", "Enter", "Enter", "Enter", "Enter")
        try await session.waitFor("Request log (error any)", "Linux")

        try await session.command("telemetry")
        try await session.waitFor("Telemetry: requests, last 1h", "▸ development · requests", "production · requests")
        try await session.press("m")
        try await session.type("errors")
        try await session.press("Enter")
        try await session.waitFor("Telemetry: errors, last 1h", "development · errors · total 1 errors")
        try await session.press("b", "Down", "Down", "Down", "Down", "Enter")
        try await session.waitFor("(by errorCode)", "■ BAD_REQUEST")
    }
}
