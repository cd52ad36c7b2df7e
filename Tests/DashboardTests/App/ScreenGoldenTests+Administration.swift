import TerminalKit
import Testing

@testable import Dashboard

/// The dialogs of the administration screens against their goldens: each opened from the demo data as a user
/// opens it, the screen taken with the dialog open.
extension ScreenGoldenTests {
    @Test("record changes: the undo of a delete, an import's file, and a field set on marked records", arguments: sizes)
    func recordChangeDialogs(size: Size) async throws {
        try await Self.withDashboard(size, on: "records Party") { dashboard, golden in
            try await dashboard.press(.character("d"), .character("y"))
            try await dashboard.command("undo")
            try await golden.expect("undo-confirm")
            try await golden.expect("import-path", after: .character("y"), .character("i"))
            try await golden.expect("set-field-picker", after: .escape, .character(" "), .character(" "), .character("="))
            // background, date, location, name: the fourth.
            try await golden.expect("set-field-value", after: .character("j"), .character("j"), .character("j"), .enter)
            try await dashboard.type("Launch")
            try await golden.expect("set-field-confirm", after: .enter)
        }
    }

    @Test("the record form: a new record's name, discarding changes, a date, a file to upload, a reference's type and record", arguments: sizes)
    func recordFormDialogs(size: Size) async throws {
        try await Self.withDashboard(size, on: "records Party") { dashboard, golden in
            try await golden.expect("record-form-name", after: .character("n"), .enter)
            try await dashboard.press(.escape, .escape, .character("e"))
            try await RecordFormTests.select("name", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type("Renamed")
            try await golden.expect("discard-changes", after: .enter, .escape)
            try await dashboard.press(.character("y"), .character("e"))
            try await RecordFormTests.select("date", in: dashboard)
            try await golden.expect("record-form-timestamp", after: .enter)
            try await dashboard.press(.escape)
            try await RecordFormTests.select("invitation", in: dashboard)
            try await golden.expect("record-form-asset", after: .enter)
            try await dashboard.press(.escape, .escape)
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("records Receipt")
            try await dashboard.press(.character("n"))
            try await RecordFormTests.select("shoebox", in: dashboard)
            try await golden.expect("record-form-reference-type", after: .enter)
            try await golden.expect("record-form-reference-record", after: .enter)
        }
    }

    @Test("fields and indexes: a new field's name and indexes, removing a field, an index's type, field and kind", arguments: sizes)
    func schemaDialogs(size: Size) async throws {
        try await Self.withDashboard(size, on: "fields Party") { dashboard, golden in
            try await golden.expect("add-field-name", after: .character("a"))
            try await dashboard.type("mood")
            // STRING, the first type, can carry every index.
            try await golden.expect("add-field-indexes", after: .enter, .enter)
            // rsvpCount, which production does not have yet: a field it has is refused without asking.
            try await dashboard.press(.escape, .character("j"), .character("j"), .character("j"), .character("j"), .character("j"))
            try await golden.expect("remove-field", after: .character("d"))
            try await dashboard.press(.escape)
            try await dashboard.command("indexes")
            try await golden.expect("add-index-type", after: .character("a"))
            try await golden.expect("add-index-field", after: .enter)
            try await golden.expect("add-index-kind", after: .enter)
        }
    }

    @Test("roles and users: a new role's name, deleting the Planner role, a role to give a user", arguments: sizes)
    func roleDialogs(size: Size) async throws {
        try await Self.withDashboard(size, on: "permissions") { dashboard, golden in
            try await golden.expect("new-role", after: .character("n"))
            // _world, _icloud, _creator, Planner: the fourth column.
            try await golden.expect("delete-role", after: .escape, .tab, .tab, .tab, .character("D"))
            try await dashboard.press(.escape)
            try await dashboard.command("users")
            // guest, who holds no custom role yet.
            try await golden.expect("users-add-role", after: .character("j"), .character("a"))
        }
    }

    /// The goldens of one dashboard at one size.
    private struct Goldens {
        let dashboard: DashboardHarness
        let size: Size

        /// Presses `keys`, then expects the screen to be the golden `name` at this size.
        func expect(_ name: String, after keys: Key..., sourceLocation: SourceLocation = #_sourceLocation) async throws {
            for key in keys {
                try await dashboard.press(key)
            }
            try Golden.expect(dashboard.lines, matches: "\(name)-\(size.width)x\(size.height)", sourceLocation: sourceLocation)
        }
    }

    /// Runs `body` on a started dashboard of a fresh demo server at `size`, after the palette command `command`,
    /// with its goldens at that size.
    private static func withDashboard(
        _ size: Size, on command: String, _ body: (DashboardHarness, Goldens) async throws -> Void
    ) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command(command)
            try await body(dashboard, Goldens(dashboard: dashboard, size: size))
        }
    }
}
