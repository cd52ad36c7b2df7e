import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// `/` on one record's screen narrows its lines as you type, instead of doing nothing and leaving what is typed
/// next to run as the screen's keys.
@Suite("The record screen's filter", .heavy)
struct RecordScreenFilterTests {
    @Test("/ narrows the lines to the fields whose name or value has the text; e typed in the filter edits nothing; Esc clears it")
    func filterLines() async throws {
        try await DashboardHarness.started(size: Size(width: 100, height: 30)) { dashboard in
            try await dashboard.command("record party-1")
            #expect(dashboard.lines.joined().contains("/ Filter"))
            try await dashboard.press(.character("/"))
            try await dashboard.type("name == e")
            #expect(dashboard.lines[1].contains("Record party-1 /name == e"))
            #expect(dashboard.screen.contains("No field or value contains name == e"))
            try await dashboard.press(.control("u"))
            try await dashboard.type("rsvp")
            try await dashboard.press(.enter)
            let rows = dashboard.lines.filter { $0.hasPrefix("│ ") || $0.hasPrefix("│▸") }.filter { !$0.dropFirst().allSatisfy { $0 == " " || $0 == "│" } }
            #expect(rows.count == 2 && rows[1].contains("rsvpCount"), "\(dashboard.screen)")
            #expect(dashboard.app.top is RecordScreen, "what was typed ran as the screen's keys")
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Record party-1 ") && !dashboard.lines[1].contains("/"))
            #expect(dashboard.screen.contains("invitation"))
        }
    }
}
