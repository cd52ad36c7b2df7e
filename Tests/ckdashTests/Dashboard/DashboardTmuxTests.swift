import CKTestSupport
import Foundation
import Testing

/// The real `ckdash` binary end to end, under tmux: the embedded default server, browsing, following a reference,
/// running a query from the builder, switching environment and theme, resizing, quitting, and terminals with fewer
/// colours or a `C` locale.
@Suite("ckdash under tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct DashboardTmuxTests {
    /// Waits for the record types of the demo container, with their counts: where ckdash opens on the embedded
    /// server.
    @discardableResult
    static func waitForRecordTypes(_ session: TmuxSession) throws -> String {
        try session.waitUntil("the record types with their counts") { $0.contains("Record types [4]") && $0.contains("3,000") }
    }

    @Test("browse containers → record types → records → a record, follow a reference and come back, resize midway, switch environment and theme, quit with the terminal restored")
    func browseFollowSwitchAndQuit() throws {
        let session = try TmuxSession()
        defer { session.stop() }
        var screen = try Self.waitForRecordTypes(session)
        #expect(screen.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ development ▸ public"))

        try session.press("Escape")
        screen = try session.waitFor("Containers [1]")
        #expect(screen.contains("iCloud.com.example.Party"))
        try session.press("Enter")
        try Self.waitForRecordTypes(session)
        try session.press("Enter")
        try session.waitFor("Records of Party [3,000]", "party-1 ")
        try session.press("Enter")
        try session.waitFor("Record party-1 ", "Picnic 1")

        try session.command("db private demo")
        try session.waitFor("private as demo")
        try session.command("zone Receipts")
        try session.waitFor("▸ Receipts")
        try session.command("records Receipt")
        try session.waitFor("Records of Receipt [1,000]", "receipt-1-1 ")
        try session.press("Enter")
        try session.waitFor("Record receipt-1-1 ", "REFERENCE         → shoebox-1")
        try session.press("j", "j")
        try session.waitUntil("the shoebox line is selected", escapes: true) { screen in
            let shoebox = PaneStyle.of("shoebox    ", in: screen)
            return shoebox != nil && shoebox != PaneStyle.of("merchant    ", in: screen) && shoebox != PaneStyle.of("recordName    ", in: screen)
        }
        try session.press("Enter")
        try session.waitFor("Record shoebox-1 ", "← receipt-1-1")

        try session.resize(width: 120, height: 40)
        screen = try session.waitUntil("the frame is redrawn at 120×40") { Self.isFramed($0, width: 120, height: 40) }
        #expect(screen.contains("Record shoebox-1 "))
        try session.press("Escape")
        screen = try session.waitFor("Record receipt-1-1 ")
        #expect(Self.isFramed(screen, width: 120, height: 40))
        #expect(screen.contains("→ shoebox-1"))

        try session.command("env prod")
        screen = try session.waitFor("▲ PRODUCTION")
        #expect(screen.contains("▸ production ▸"))
        // The default theme's background #1c1c1c is xterm's 234, the light theme's #fafafa is 231.
        #expect(PaneStyle.of("ckdash", in: try session.screen(escapes: true))?.background == "48;5;234")
        try session.command("theme light")
        try session.waitUntil("the header is drawn on the light theme's background", escapes: true) {
            PaneStyle.of("ckdash", in: $0)?.background == "48;5;231"
        }

        // Back to the size ckdash started at before quitting: tmux 3.3 pulls lines of the alternate screen into
        // the main one when it left the alternate screen at another size (tmux issue #3510, vim does the same).
        try session.resize(width: 100, height: 30)
        try session.waitUntil("the frame is redrawn at 100×30") { Self.isFramed($0, width: 100, height: 30) }
        #expect(try session.flag("alternate_on") && !session.flag("cursor_flag") && session.flag("keypad_cursor_flag"))
        try session.press("q")
        screen = try session.waitFor("EXITED 0")
        #expect(try !session.flag("alternate_on"), "ckdash left the alternate screen")
        #expect(try session.flag("cursor_flag"), "ckdash showed the cursor again")
        #expect(try !session.flag("keypad_cursor_flag") && !session.flag("keypad_flag"), "ckdash turned the application keys off")
        for dashboardText in ["ckdash ▸", "Record", "┌", "│", "Quit"] {
            #expect(!screen.contains(dashboardText), "the dashboard's \(dashboardText) is still on the screen after quitting:\n\(screen)")
        }
    }

    @Test("build a query in the builder, see it as a command, run it, and get exactly the matching record")
    func runQueryFromBuilder() throws {
        let session = try TmuxSession()
        defer { session.stop() }
        try Self.waitForRecordTypes(session)
        try session.command("query Party")
        try session.waitFor("Query Party", "+ add a filter")
        // The field picker lists background, date, location, name…: the fourth.
        try session.press("a", "j", "j", "j", "Enter")
        try session.waitFor("Value of name ==")
        try session.type("Picnic 1")
        try session.press("Enter")
        let row = try session.waitUntil("the filter row with its index") { screen in
            screen.split(separator: "\n").contains { $0.contains("name") && $0.contains("==") && $0.contains("Picnic 1") && $0.contains("✓") }
        }
        #expect(!row.contains("needs QUERYABLE"))
        try session.press("C")
        try session.waitFor("ckdash records query", "--filter")
        try session.press("Escape")
        // Waiting for the panel to close keeps Esc and R apart: together they read as Alt-R.
        try session.waitUntil("the command panel is closed") { !$0.contains("Command line") }
        try session.press("R")
        let records = try session.waitFor("Records of Party", "party-1 ")
        #expect(!records.contains("party-2 "), "the query returned more than the one Picnic 1:\n\(records)")
    }

    @Test("revoke READ from _world on Party: the permission check and a browse as a user both reflect it")
    func revokeReadAndCheck() throws {
        let session = try TmuxSession()
        defer { session.stop() }
        try Self.waitForRecordTypes(session)
        try session.command("permissions")
        try session.waitFor("Roles and permissions [4 roles", "[· R ·*]")
        try session.press("R")
        try session.waitFor("Revoked READ on Party from _world", "[· · ·]")
        try session.press("p")
        try session.waitFor("Check permissions of")
        try session.press("Enter")
        try session.waitFor("Permission check: anyone on Party", "not allowed: no role they hold is granted READ")
        try session.command("user guest")
        try session.waitFor("public as guest")
        try session.command("records Party")
        try session.waitUntil("the records screen says READ is not permitted") { $0.contains("READ operation not permitted") || $0.contains("ACCESS_DENIED") }
    }

    /// A terminal the dashboard should stay usable on, and the colours it should draw there.
    struct Variant: CustomTestStringConvertible, Sendable {
        var environment: [String: String]
        var colors: Set<PaneStyle.ColorKind>

        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
    }

    @Test(
        "usable with the colours the terminal has: the frame, the breadcrumb and a visible selection",
        arguments: [
            Variant(environment: ["TERM": "xterm-256color"], colors: [.indexed]),
            Variant(environment: ["TERM": "xterm"], colors: [.ansi]),
            Variant(environment: ["TERM": "vt100"], colors: []),
            Variant(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], colors: []),
        ])
    func colours(_ variant: Variant) throws {
        let session = try TmuxSession(environment: variant.environment)
        defer { session.stop() }
        let screen = try Self.waitForRecordTypes(session)
        #expect(screen.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ development ▸ public"))
        #expect(Self.isFramed(screen, width: 100, height: 30))
        let styled = try session.screen(escapes: true)
        #expect(PaneStyle.colorKinds(in: styled) == variant.colors, "\(styled)")
        let selected = try #require(PaneStyle.of("Party   ", in: styled))
        let other = try #require(PaneStyle.of("Receipt   ", in: styled))
        #expect(selected != other, "the selected row looks like the others: \(selected)")
        if variant.colors.isEmpty { #expect(selected.attributes.contains(7), "without colour the selection is in reverse video") }
        for text in ["┌", "Help", "Quit"] {
            let style = try #require(PaneStyle.of(text, in: styled), "no \(text) on the screen")
            #expect(!style.textBlendsIntoBackground, "\(text) is drawn in its background's colour: \(style)")
        }
        try session.command("env prod")
        let production = try session.waitFor("▲ PRODUCTION")
        #expect(production.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ production"))
        let badge = try #require(PaneStyle.of("▲ PRODUCTION", in: session.screen(escapes: true)))
        #expect(badge != PaneStyle.of("iCloud", in: styled), "the production badge looks like the breadcrumb: \(badge)")
    }

    @Test("with LC_ALL=C the dashboard falls back to UTF-8 and still draws its frame and breadcrumb")
    func cLocale() throws {
        let session = try TmuxSession(environment: ["LANG": "C", "LC_ALL": "C"])
        defer { session.stop() }
        let screen = try Self.waitForRecordTypes(session)
        #expect(screen.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ development ▸ public"))
        #expect(Self.isFramed(screen, width: 100, height: 30))
    }


    @Test("hundreds of random keys and resizes leave ckdash running and drawing its header")
    func randomKeys() throws {
        let seed = ProcessInfo.processInfo.environment["CKDASH_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("DashboardTmuxTests.randomKeys seed: \(seed) (CKDASH_FUZZ_SEED=\(seed) repeats it)")
        let session = try TmuxSession()
        defer { session.stop() }
        try Self.waitForRecordTypes(session)
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<20 {
            var commands: [String] = []
            for _ in 0..<20 {
                if Int.random(in: 0..<20, using: &generator) == 0 {
                    commands += ["resize-window", "-t", "dash", "-x", "\(Int.random(in: 1...200, using: &generator))", "-y", "\(Int.random(in: 1...60, using: &generator))", ";"]
                } else {
                    commands += ["send-keys", "-t", "dash"] + Self.randomKey(using: &generator) + [";"]
                }
            }
            try session.run(commands)
            let exit = try session.exitLine
            try #require(exit == nil, "seed \(seed): ckdash ended: \(exit ?? "")")
        }
        try session.resize(width: 100, height: 30)
        // Close whatever the keys left open (help, a picker, a prompt), which may cover the frame's border; the
        // pauses keep each Esc from reading as Alt with the next.
        for _ in 0..<3 {
            try session.run(["send-keys", "-t", "dash", "Escape"])
            Thread.sleep(forTimeInterval: 0.15)
        }
        try session.waitUntil("the header and frame are drawn at 100×30", timeout: .seconds(10)) {
            $0.hasPrefix(" ckdash ▸") && Self.isFramed($0, width: 100, height: 30)
        }
        #expect(try session.exitLine == nil, "seed \(seed): ckdash ended")
    }

    /// Bound keys, printable characters, a wide one, Esc, Enter, Tab, arrows, Ctrl and function keys, as
    /// `send-keys` arguments; never `q`, Ctrl-C or `:` (which can quit), nor `x` or `d` (which write files).
    static func randomKey(using generator: inout SeededGenerator) -> [String] {
        let named = [
            "j", "k", "g", "G", "h", "l", "?", "/", "r", "c", "s", "y", "e", "f", "z", "n", "N", "Enter", "Escape", "Tab", "BTab", "Up", "Down",
            "Left", "Right", "Home", "End", "PPage", "NPage", "BSpace", "DC", "IC", "C-f", "C-b", "C-u", "C-w", "C-r", "C-a", "C-e", "F1", "F5", "F12",
            "M-b", "M-x",
        ]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<7:
            return [named[Int.random(in: 0..<named.count, using: &generator)]]
        case 7:
            return ["-l", "漢"]
        default:
            let printable = "abimopstuvw0123456789 -_.,<>=!*'\"#%&()[]{}~@"
            return ["-l", String(printable.randomElement(using: &generator)!)]
        }
    }

    /// Whether `screen` is the dashboard drawn at `width`×`height`: that many rows, the body's frame from the
    /// second row to the third last, its bottom edge as wide as the terminal.
    static func isFramed(_ screen: String, width: Int, height: Int) -> Bool {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard rows.count >= height, rows.count <= height + 1 else { return false }
        let top = rows[1]
        let bottom = rows[height - 3]
        return top.hasPrefix("┌") && top.hasSuffix("┐") && bottom == "└" + String(repeating: "─", count: width - 2) + "┘"
    }
}
