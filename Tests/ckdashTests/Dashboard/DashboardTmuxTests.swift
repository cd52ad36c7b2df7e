import CKTestSupport
import Foundation
import Testing

/// The real `ckdash` binary end to end, under tmux: the embedded default server, browsing, following a reference,
/// running a query from the builder, switching environment and theme, resizing, quitting, and terminals with fewer
/// colours or a `C` locale.
///
/// One terminal program at a time (`.serialized`); the suite takes no turn among the heavy tests (`HeavyTest`),
/// which would queue each of its tests behind all of theirs and leave the suite to end the run alone.
@Suite("ckdash under tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct DashboardTmuxTests {
    /// Waits for the record types of the demo container, with their counts: where ckdash opens on the embedded
    /// server.
    @discardableResult
    static func waitForRecordTypes(_ session: TmuxSession) async throws -> String {
        try await session.waitUntil("the record types with their counts") { $0.contains("Record types [4]") && $0.contains("3,000") }
    }

    @Test("browse containers → record types → records → a record, follow a reference and come back, resize midway, switch environment and theme, quit with the terminal restored")
    func browseFollowSwitchAndQuit() async throws {
        let session = try await TmuxSession()
        defer { session.stop() }
        var screen = try await Self.waitForRecordTypes(session)
        #expect(screen.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ development ▸ public"))

        try await session.press("Escape")
        screen = try await session.waitFor("Containers [2]")
        #expect(screen.contains("iCloud.com.example.Party") && screen.contains("iCloud.com.example.TravelJournal"))
        try await session.press("Enter")
        try await Self.waitForRecordTypes(session)
        try await session.press("Enter")
        try await session.waitFor("Records of Party [3,000]", "party-1 ")
        try await session.press("Enter")
        try await session.waitFor("Record party-1 ", "Picnic 1")

        try await session.command("db private demo")
        try await session.waitFor("private as demo")
        try await session.command("zone Receipts")
        try await session.waitFor("▸ Receipts")
        try await session.command("records Receipt")
        try await session.waitFor("Records of Receipt [1,000]", "receipt-1-1 ")
        try await session.press("Enter")
        try await session.waitFor("Record receipt-1-1 ", "REFERENCE         → shoebox-1")
        try await session.press("j", "j")
        try await session.waitUntil("the shoebox line is selected", escapes: true) { screen in
            let shoebox = PaneStyle.of("shoebox    ", in: screen)
            return shoebox != nil && shoebox != PaneStyle.of("merchant    ", in: screen) && shoebox != PaneStyle.of("recordName    ", in: screen)
        }
        try await session.press("Enter")
        try await session.waitFor("Record shoebox-1 ", "← receipt-1-1")

        try await session.resize(width: 120, height: 40)
        screen = try await session.waitUntil("the frame is redrawn at 120×40") { Self.isFramed($0, width: 120, height: 40) }
        #expect(screen.contains("Record shoebox-1 "))
        try await session.press("Escape")
        screen = try await session.waitFor("Record receipt-1-1 ")
        #expect(Self.isFramed(screen, width: 120, height: 40))
        #expect(screen.contains("→ shoebox-1"))

        try await session.command("env prod")
        screen = try await session.waitFor("▲ PRODUCTION")
        #expect(screen.contains("▸ production ▸"))
        // The default theme's background #1c1c1c is xterm's 234, the light theme's #fafafa is 231.
        #expect(PaneStyle.of("ckdash", in: try await session.screen(escapes: true))?.background == "48;5;234")
        try await session.command("theme light")
        try await session.waitUntil("the header is drawn on the light theme's background", escapes: true) {
            PaneStyle.of("ckdash", in: $0)?.background == "48;5;231"
        }

        // Back to the size ckdash started at before quitting: tmux 3.3 pulls lines of the alternate screen into
        // the main one when it left the alternate screen at another size (tmux issue #3510, vim does the same).
        try await session.resize(width: 100, height: 30)
        try await session.waitUntil("the frame is redrawn at 100×30") { Self.isFramed($0, width: 100, height: 30) }
        #expect(try await session.flag("alternate_on"))
        #expect(try await !session.flag("cursor_flag"))
        #expect(try await session.flag("keypad_cursor_flag"))
        try await session.press("q")
        screen = try await session.waitFor("EXITED 0")
        #expect(try await !session.flag("alternate_on"), "ckdash left the alternate screen")
        #expect(try await session.flag("cursor_flag"), "ckdash showed the cursor again")
        #expect(try await !session.flag("keypad_cursor_flag"), "ckdash turned the application cursor keys off")
        #expect(try await !session.flag("keypad_flag"), "ckdash turned the application keypad off")
        for dashboardText in ["ckdash ▸", "Record", "┌", "│", "Quit"] {
            #expect(!screen.contains(dashboardText), "the dashboard's \(dashboardText) is still on the screen after quitting:\n\(screen)")
        }
    }

    @Test("build a query in the builder, see it as a command, run it, and get exactly the matching record")
    func runQueryFromBuilder() async throws {
        let session = try await TmuxSession()
        defer { session.stop() }
        try await Self.waitForRecordTypes(session)
        try await session.command("query Party")
        try await session.waitFor("Query Party", "+ add a filter")
        // The field picker lists background, date, location, name…: the fourth.
        try await session.press("a", "j", "j", "j", "Enter")
        try await session.waitFor("Value of name ==")
        try await session.type("Picnic 1")
        try await session.press("Enter")
        let row = try await session.waitUntil("the filter row with its index") { screen in
            screen.split(separator: "\n").contains { $0.contains("name") && $0.contains("==") && $0.contains("Picnic 1") && $0.contains("✓") }
        }
        #expect(!row.contains("needs QUERYABLE"))
        try await session.press("C")
        // The panel's title, not the command: the builder shows the command under its rows too.
        try await session.waitFor("Command line", "ckdash records query", "--filter")
        try await session.press("Escape")
        // Waiting for the panel to close keeps Esc and R apart: together they read as Alt-R.
        try await session.waitUntil("the command panel is closed") { !$0.contains("Command line") }
        try await session.press("R")
        let records = try await session.waitFor("Records of Party", "party-1 ")
        #expect(!records.contains("party-2 "), "the query returned more than the one Picnic 1:\n\(records)")
    }

    @Test("revoke READ from _world on Party: the permission check and a browse as a user both reflect it, the refusal with r; a switch to a database without the zone goes to its default zone")
    func revokeReadAndCheck() async throws {
        let session = try await TmuxSession()
        defer { session.stop() }
        try await Self.waitForRecordTypes(session)
        try await session.command("permissions")
        try await session.waitFor("Roles and permissions [4 roles", "[· R ·*]")
        try await session.press("R")
        try await session.waitFor("Revoked READ on Party from _world", "[· · ·]")
        try await session.press("p")
        try await session.waitFor("Check permissions of")
        try await session.press("Enter")
        try await session.waitFor("Permission check: anyone on Party", "not allowed: no role they hold is granted READ")
        try await session.command("user guest")
        try await session.waitFor("public as guest")
        try await session.command("records Party")
        try await session.waitFor("ACCESS_DENIED (HTTP 403): READ operation not permitted", "r: try again")
        try await session.command("db private demo")
        // `:zone` looks the zone up in the database on top, so it waits for the switch, which fetches the users first.
        try await session.waitFor("private as demo")
        try await session.command("zone Receipts")
        try await session.waitFor("private as demo ▸ Receipts", "No Party records")
        try await session.command("db public")
        try await session.waitFor("public database as demo: the public database has no zone", "READ operation not permitted")
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
    func colours(_ variant: Variant) async throws {
        let session = try await TmuxSession(environment: variant.environment)
        defer { session.stop() }
        let screen = try await Self.waitForRecordTypes(session)
        #expect(screen.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ development ▸ public"))
        #expect(Self.isFramed(screen, width: 100, height: 30))
        let styled = try await session.screen(escapes: true)
        #expect(PaneStyle.colorKinds(in: styled) == variant.colors, "\(styled)")
        let selected = try #require(PaneStyle.of("Party   ", in: styled))
        let other = try #require(PaneStyle.of("Receipt   ", in: styled))
        #expect(selected != other, "the selected row looks like the others: \(selected)")
        if variant.colors.isEmpty { #expect(selected.attributes.contains(7), "without colour the selection is in reverse video") }
        for text in ["┌", "Help", "Quit"] {
            let style = try #require(PaneStyle.of(text, in: styled), "no \(text) on the screen")
            #expect(!style.textBlendsIntoBackground, "\(text) is drawn in its background's colour: \(style)")
        }
        try await session.command("env prod")
        let production = try await session.waitFor("▲ PRODUCTION")
        #expect(production.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ production"))
        let productionStyled = try await session.screen(escapes: true)
        let badge = try #require(PaneStyle.of("▲ PRODUCTION", in: productionStyled))
        #expect(badge != PaneStyle.of("iCloud", in: styled), "the production badge looks like the breadcrumb: \(badge)")
    }

    @Test("with LC_ALL=C the dashboard falls back to UTF-8 and still draws its frame and breadcrumb")
    func cLocale() async throws {
        let session = try await TmuxSession(environment: ["LANG": "C", "LC_ALL": "C"])
        defer { session.stop() }
        let screen = try await Self.waitForRecordTypes(session)
        #expect(screen.hasPrefix(" ckdash ▸ iCloud.com.example.Party ▸ development ▸ public"))
        #expect(Self.isFramed(screen, width: 100, height: 30))
    }


    @Test("hundreds of random keys and resizes leave ckdash running and drawing its header")
    func randomKeys() async throws {
        let seed = FuzzSeed.from("CKDASH_FUZZ_SEED", fixed: 0xC4DA_5EED, printedAs: "DashboardTmuxTests.randomKeys")
        let session = try await TmuxSession()
        defer { session.stop() }
        try await Self.waitForRecordTypes(session)
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
            try await session.run(commands)
            let exit = try await session.exitLine
            try #require(exit == nil, "seed \(seed): ckdash ended: \(exit ?? "")")
        }
        try await session.resize(width: 100, height: 30)
        // Close whatever the keys left open (help, a picker, a prompt), which may cover the frame's border; the
        // pauses keep each Esc from reading as Alt with the next.
        for _ in 0..<3 {
            try await session.run(["send-keys", "-t", "dash", "Escape"])
            try await Task.sleep(for: .milliseconds(150))
        }
        try await session.waitUntil("the header and frame are drawn at 100×30", timeout: .seconds(10)) {
            $0.hasPrefix(" ckdash ▸") && Self.isFramed($0, width: 100, height: 30)
        }
        #expect(try await session.exitLine == nil, "seed \(seed): ckdash ended")
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
