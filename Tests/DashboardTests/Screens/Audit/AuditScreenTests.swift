import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The audit log screen against the demo server: the changes just made appear newest first, the filters narrow
/// them (on the server by time, token, kind and container; `/` over what was fetched), Enter shows one in full,
/// and a long log is fetched a page at a time.
@Suite("Audit log: entries, filters, paging", .heavy)
struct AuditScreenTests {
    private static let size = Size(width: 160, height: 30)

    /// A dashboard on the audit log after an API token was made and revoked through the tokens screen.
    private static func afterTokenChanges(_ demo: DemoServer) async throws -> DashboardHarness {
        let dashboard = DashboardHarness(demo, size: size)
        try await dashboard.start()
        try await dashboard.command("tokens")
        try await dashboard.press(.character("n"))
        try await dashboard.type("web app")
        try await dashboard.press(.enter, .enter, .character("x"), .character("y"))
        try await dashboard.command("audit")
        return dashboard
    }

    /// The KIND cell of each row of the table on screen, found under the heading's KIND.
    private static func kinds(_ dashboard: DashboardHarness) -> [String] {
        guard let heading = dashboard.lines.first(where: { $0.contains(" TIME ") && $0.contains(" KIND ") }),
            let column = heading.firstRange(of: " KIND ").map({ heading.distance(from: heading.startIndex, to: $0.lowerBound) + 1 })
        else { return [] }
        return dashboard.lines.compactMap { line in
            guard line.contains(/│[▸ ]\d{4}-\d\d-\d\d \d/) else { return nil }
            return line.dropFirst(column).prefix { $0 != " " }.description
        }
    }

    @Test("the changes made through the tokens screen are the newest entries; Enter shows one in full")
    func entriesOfChanges() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.afterTokenChanges(demo)
            #expect(dashboard.lines[1].contains("Audit log ["))
            #expect(Array(Self.kinds(dashboard).prefix(2)) == ["apiToken.revoke", "apiToken.create"])
            #expect(dashboard.lines.contains { $0.contains("▸") && $0.contains("ckdash (embedded)") && $0.contains("revoked web app") })
            try await dashboard.press(.character("j"), .enter)
            #expect(dashboard.screen.contains("Kind       apiToken.create"))
            #expect(dashboard.screen.contains("Container  iCloud.com.example.Party"))
            #expect(dashboard.screen.contains("  created web app"))
            try await dashboard.press(.escape)
            #expect(!dashboard.screen.contains("Kind       apiToken.create"))
        }
    }

    @Test("f filters on the server by kind, token and time; a time that cannot be read is refused in the form")
    func serverFilters() async throws {
        try await DemoServer.run { demo in
            let ci = try await demo.client.createManagementToken(name: "ci", container: nil, readOnly: false)
            let byCI = demo.client(sending: .managementToken(ci.secret))
            _ = try await byCI.createAPIToken(name: "made by ci")
            try await byCI.shutdown()
            let dashboard = try await Self.afterTokenChanges(demo)
            let everything = Self.kinds(dashboard)
            #expect(everything == ["apiToken.revoke", "apiToken.create", "apiToken.create", "managementToken.create"])
            try await dashboard.press(.character("f"), .enter, .enter, .enter)
            try await dashboard.press(.right, .right, .right, .right)
            #expect(dashboard.screen.contains("‹ apiToken ›"))
            try await dashboard.press(.enter, .enter)
            #expect(dashboard.lines[1].contains("Audit log [3] apiToken"))
            #expect(Self.kinds(dashboard) == ["apiToken.revoke", "apiToken.create", "apiToken.create"])
            try await dashboard.press(.character("f"), .enter, .enter)
            try await dashboard.type("ci")
            try await dashboard.press(.enter, .enter, .enter)
            #expect(dashboard.lines[1].contains("Audit log [1] by ci, apiToken"))
            #expect(dashboard.lines.contains { $0.contains("▸") && $0.contains("created made by ci") })
            try await dashboard.press(.character("f"), .enter, .enter, .control("u"))
            try await dashboard.type("nobody")
            try await dashboard.press(.enter, .enter, .enter)
            #expect(dashboard.screen.contains("No entries by nobody, apiToken"))
            try await dashboard.press(.character("f"))
            try await dashboard.type("yesterday")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("not a time: 2h, 7d, 2026-11-24 or 2026-11-24T10:00:00Z"))
            try await dashboard.press(.escape, .character("f"))
            try await dashboard.type("1h")
            try await dashboard.press(.enter)
            try await dashboard.type("1h")
            try await dashboard.press(.enter, .control("u"), .enter, .left, .left, .left, .left, .enter, .enter)
            #expect(dashboard.lines[1].contains("since 1h, until 1h"))
            #expect(Self.kinds(dashboard).isEmpty)
            try await dashboard.press(.character("f"), .enter, .control("u"), .enter, .enter, .enter, .enter)
            #expect(dashboard.lines[1].contains("Audit log [4] since 1h"))
            #expect(Self.kinds(dashboard) == everything)
        }
    }

    @Test("/ narrows the fetched entries by any text; Esc clears it")
    func textFilter() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.afterTokenChanges(demo)
            let everything = Self.kinds(dashboard)
            try await dashboard.press(.character("/"))
            try await dashboard.type("revoked web")
            try await dashboard.press(.enter)
            #expect(Self.kinds(dashboard) == ["apiToken.revoke"])
            #expect(dashboard.lines[1].contains("/revoked web"))
            try await dashboard.press(.escape)
            #expect(Self.kinds(dashboard) == everything)
        }
    }

    @Test("a log of hundreds of entries is fetched a page at a time as the selection nears the end")
    func paging() async throws {
        try await DemoServer.run { demo in
            let client = demo.containerClient
            try await Self.makeTokens(250, in: demo)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("audit")
            #expect(dashboard.lines[1].contains("Audit log [200+]"))
            try await dashboard.press(.character("G"))
            #expect(dashboard.lines[1].contains("Audit log [400+]") || !dashboard.lines[1].contains("+]"))
            try await dashboard.press(.character("G"), .character("G"))
            let total = try await Self.total(of: client)
            #expect(dashboard.lines[1].contains("Audit log [\(Counting.grouped(total))]"))
        }
    }

    @Test("/ on a long log fetches the next pages while fewer entries than a screenful match")
    func textFilterFetchesFurther() async throws {
        try await DemoServer.run { demo in
            try await Self.makeTokens(250, in: demo)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("audit")
            #expect(dashboard.lines[1].contains("Audit log [200+]"))
            try await dashboard.press(.character("/"))
            try await dashboard.type("token 42")
            try await dashboard.press(.enter)
            #expect(dashboard.lines[1].contains("Audit log [1] /token 42"))
            #expect(dashboard.lines.contains { $0.contains("▸") && $0.contains("created token 42") })
        }
    }

    /// Makes `count` API tokens, `token 1` first: as many entries in the log.
    private static func makeTokens(_ count: Int, in demo: DemoServer) async throws {
        for index in 1...count {
            _ = try await demo.containerClient.createAPIToken(name: "token \(index)")
        }
    }

    /// How many entries the whole log has.
    private static func total(of client: CloudKitClient) async throws -> Int {
        var count = 0
        for try await page in client.auditLogPages(limit: 200) {
            count += page.entries.count
        }
        return count
    }
}
