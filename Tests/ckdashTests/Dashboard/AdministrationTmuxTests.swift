import CKTestSupport
import Foundation
import Testing

/// The dashboard's administration end to end under tmux, on the embedded default: a schema change deployed to
/// production and checked with `ckdash schema export`; a record created, edited through a conflict, deleted and
/// brought back by undo; a file imported and its import undone; a read-only session that changes nothing. The CLI
/// works on the same data folder from another process meanwhile.
///
/// These belong to `DashboardTmuxTests`, which runs one tmux session at a time: each session is a dashboard with
/// its embedded server, and two at once would only share the same two cores.
extension DashboardTmuxTests {
    static let administeredContainer = "iCloud.com.example.Party"

    /// `ckdash arguments` run beside the dashboard, on the same embedded data folder.
    static func ckdash(_ arguments: [String], in session: TmuxSession) async throws -> CommandRun {
        try await CommandRun.ckdash(arguments, environment: [
            "HOME": session.folder.path, "XDG_DATA_HOME": session.folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": session.folder.appendingPathComponent("config").path,
        ])
    }

    @Test("add a field and an index, see them in the deploy diff, deploy by typing the container's name, find them with schema export; removing the field is then refused with the reason, without asking")
    func deployFieldAndIndex() async throws {
        let session = try await TmuxSession(width: 160)
        defer { session.stop() }
        try await DashboardTmuxTests.waitForRecordTypes(session)
        try await session.command("fields Party")
        try await session.waitFor("Fields of Party [")
        try await session.press("a")
        try await session.waitFor("Add a field to Party")
        try await session.type("mood")
        try await session.press("Enter")
        try await session.waitFor("Type of mood")
        try await session.press("Enter")
        try await session.waitFor("Indexes of mood")
        try await session.press("Enter")
        try await session.waitFor("add field Party.mood")
        try await session.press("/")
        try await session.type("mood")
        try await session.press("Enter")
        try await session.waitFor("Fields of Party [1] /mood")
        try await session.press("1")
        try await session.waitFor("add QUERYABLE index on Party.mood")

        try await session.command("deploy")
        try await session.waitFor("Deploy development to production", "mood")
        try await session.press("D")
        try await session.waitFor("Type \(Self.administeredContainer) to confirm.")
        try await session.type(Self.administeredContainer)
        try await session.press("Enter")
        try await session.waitFor("Deployed", "production now")

        try await session.command("fields Party")
        try await session.waitFor("Fields of Party [")
        try await session.press("/")
        try await session.type("mood")
        try await session.press("Enter", "d")
        try await session.waitFor("Production has Party.mood: fields in production can never be removed")

        let export = try await Self.ckdash(["schema", "export", "--environment", "production"], in: session)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("mood") && export.standardOutput.contains("STRING QUERYABLE"), "\(export.standardOutput)")
        try await session.press("q")
        try await session.waitUntil("ckdash quits") { $0.contains("EXITED 0") }
    }

    @Test("create a record in the form, then edit it through a conflict made by another ckdash process on the same data folder")
    func recordsLifecycle() async throws {
        let session = try await TmuxSession()
        defer { session.stop() }
        try await DashboardTmuxTests.waitForRecordTypes(session)
        try await session.command("records Party")
        try await session.waitFor("Records of Party [3,000]", "1/3,000")
        try await session.press("n")
        try await session.waitFor("New Party record", "(the server names it)")
        try await session.press("Enter")
        try await session.waitFor("Record name")
        try await session.type("party-e2e")
        try await session.press("Enter", "j", "j", "j", "j", "j", "Enter")
        try await session.waitFor("name (STRING)")
        try await session.type("Launch")
        try await session.press("Enter", "S")
        try await session.waitFor("Saved party-e2e", "Edit party-e2e")

        let update = try await Self.ckdash(["records", "update", "party-e2e", "--field", "name=Theirs"], in: session)
        #expect(update.status == 0, "\(update.standardError)")
        try await session.press("Enter", "C-u")
        try await session.type("Mine")
        try await session.press("Enter", "S")
        try await session.waitFor("conflict on 1 field", "Mine", "Theirs")
        try await session.press("S")
        try await session.waitFor("Saved party-e2e")
        let lookup = try await Self.ckdash(["records", "lookup", "party-e2e"], in: session)
        #expect(lookup.standardOutput.contains("Mine"), "\(lookup.standardOutput)")

        try await session.press("Escape")
        try await session.waitFor("Records of Party [3,001]")
        try await session.command("record party-e2e")
        try await session.waitFor("Record party-e2e", "Mine", "no record points here")
        try await session.press("D")
        try await session.waitFor("Delete party-e2e?", "No DELETE_SELF reference points to it.")
        try await session.press("y")
        try await session.waitFor("Deleted 1 record")
        let gone = try await Self.ckdash(["records", "lookup", "party-e2e"], in: session)
        #expect(gone.status != 0 && gone.standardError.contains("no record named"), "\(gone.standardOutput)\(gone.standardError)")
        try await session.command("undo")
        try await session.waitFor("Undo: deleted party-e2e?")
        try await session.press("y")
        try await session.waitFor("Undone: deleted party-e2e (1 record)")
        let back = try await Self.ckdash(["records", "lookup", "party-e2e"], in: session)
        #expect(back.standardOutput.contains("Mine"), "\(back.standardOutput)\(back.standardError)")
    }

    @Test("import a CSV file into Party after its preview and dry run, then undo the import")
    func importAndUndo() async throws {
        let session = try await TmuxSession()
        defer { session.stop() }
        try "recordName,name,rsvpCount\nparty-imported-1,Opening,5\nparty-imported-2,Closing,7\nparty-1,Picnic 1,0\n"
            .write(to: session.folder.appendingPathComponent("work/parties.csv"), atomically: true, encoding: .utf8)
        try await DashboardTmuxTests.waitForRecordTypes(session)
        try await session.command("records Party")
        try await session.waitFor("Records of Party [3,000]", "1/3,000")
        try await session.press("i")
        try await session.waitFor("The JSON lines or CSV file to import:")
        try await session.press("C-u")
        try await session.type("parties.csv")
        try await session.press("Enter")
        try await session.waitFor("Import parties.csv into Party?", "party-imported-1: name=Opening, rsvpCount=5")
        try await session.press("d")
        try await session.waitFor("Dry run: 3 valid records, 0 invalid, 1 already there")
        try await session.press("i")
        try await session.waitFor("Imported 2 records, 1 already there", "Records of Party [3,002]")
        let imported = try await Self.ckdash(["records", "lookup", "party-imported-1", "party-imported-2"], in: session)
        #expect(imported.status == 0 && imported.standardOutput.contains("Closing"), "\(imported.standardOutput)\(imported.standardError)")

        try await session.command("undo")
        try await session.waitFor("Undo: imported 2 Party records from parties.csv?")
        try await session.press("y")
        try await session.waitFor("Undone: imported 2 Party records from parties.csv (2 records)", "Records of Party [3,000]")
        let undone = try await Self.ckdash(["records", "lookup", "party-imported-1"], in: session)
        #expect(undone.status != 0 && undone.standardError.contains("no record named"), "\(undone.standardOutput)\(undone.standardError)")
    }

    /// What the CLI sees of the data folder: record counts, schemas, users, credentials, subscriptions, audit log.
    static func dataFolderState(_ session: TmuxSession) async throws -> [String] {
        let commands = [
            ["containers"], ["schema", "export"], ["schema", "export", "--environment", "production"], ["users"], ["tokens"], ["subscriptions"],
            ["audit"],
        ]
        var state: [String] = []
        for arguments in commands {
            let run = try await Self.ckdash(arguments, in: session)
            #expect(run.status == 0, "ckdash \(arguments.joined(separator: " ")): \(run.standardError)")
            state.append("\(arguments): \(run.status)\n\(run.standardOutput)\(run.standardError)")
        }
        return state
    }

    @Test("--readonly: [RO] in the header, the changing keys of each kind of screen and :undo refused with the reason, and the data folder as it was")
    func readOnlyChangesNothing() async throws {
        let session = try await TmuxSession(["--readonly"])
        defer { session.stop() }
        let screen = try await DashboardTmuxTests.waitForRecordTypes(session)
        let header = try #require(screen.split(separator: "\n").first)
        #expect(header.hasPrefix(" ckdash ▸ iCloud.com.example.Party"))
        #expect(header.hasSuffix("[RO]"))
        let before = try await Self.dataFolderState(session)
        let visits: [(command: String, loaded: String, keys: [(key: String, label: String)])] = [
            ("types", "Record types [4]", [("n", "New"), ("d", "Delete")]),
            ("fields Party", "Fields of Party [", [("a", "Add"), ("d", "Remove"), ("1", "Queryable")]),
            ("indexes", "Indexes [", [("a", "Add"), ("d", "Drop")]),
            ("records Party", "1/3,000", [("n", "New"), ("e", "Edit"), ("d", "Delete"), ("=", "Set field"), ("i", "Import"), ("u", "Undo")]),
            ("record party-1", "no record points here", [("e", "Edit"), ("D", "Delete")]),
            ("zones", "Zones of public [", [("n", "New zone")]),
            ("permissions", "Roles and permissions [", [("R", "READ"), ("n", "New role")]),
            ("users", "Users [", [("a", "Add role"), ("v", "Discoverable")]),
            ("deploy", "Deploy development to production", [("D", "Deploy"), ("R", "Reset dev")]),
            ("tokens", "Tokens and keys: ", [("n", "New"), ("x", "Revoke")]),
            ("subscriptions", "Subscriptions of public [", [("n", "New")]),
        ]
        for visit in visits {
            try await session.command(visit.command)
            try await session.waitFor(visit.loaded)
            for (key, label) in visit.keys {
                try await session.press(key)
                try await session.waitFor("Read-only session: \(label) is not available")
                try await session.press("j")
                try await session.waitUntil("the next key clears the status line") { !$0.contains("Read-only session") }
            }
        }
        try await session.command("undo")
        try await session.waitFor("Read-only session: :undo is not available")
        #expect(try await Self.dataFolderState(session) == before)
    }
}
