import CKTestSupport
import Foundation
import Testing

/// The dashboard's administration end to end under tmux, on the embedded default: a schema change deployed to
/// production and checked with `ckdash schema export`; a record created, edited through a conflict, deleted and
/// brought back by undo; a file imported and its import undone; a read-only session that changes nothing. The CLI
/// works on the same data folder from another process meanwhile.
///
/// These belong to `DashboardTmuxTests`, which runs one tmux session at a time: each test waits synchronously on
/// its session, and two at once would hold both threads of a two-core machine's task pool, starving every other
/// suite's servers.
extension DashboardTmuxTests {
    static let administeredContainer = "iCloud.com.example.Party"

    /// `ckdash arguments` run beside the dashboard, on the same embedded data folder.
    static func ckdash(_ arguments: [String], in session: TmuxSession) throws -> CommandRun {
        try CommandRun.ckdash(arguments, environment: [
            "HOME": session.folder.path, "XDG_DATA_HOME": session.folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": session.folder.appendingPathComponent("config").path,
        ])
    }

    @Test("add a field and an index, see them in the deploy diff, deploy by typing the container's name, find them with schema export; removing the field is then refused")
    func deployFieldAndIndex() throws {
        let session = try TmuxSession(width: 160)
        defer { session.stop() }
        try DashboardTmuxTests.waitForRecordTypes(session)
        try session.command("fields Party")
        try session.waitFor("Fields of Party [")
        try session.press("a")
        try session.waitFor("Add a field to Party")
        try session.type("mood")
        try session.press("Enter")
        try session.waitFor("Type of mood")
        try session.press("Enter")
        try session.waitFor("Indexes of mood")
        try session.press("Enter")
        try session.waitFor("add field Party.mood")
        try session.press("/")
        try session.type("mood")
        try session.press("Enter")
        try session.waitFor("Fields of Party [1] /mood")
        try session.press("1")
        try session.waitFor("add QUERYABLE index on Party.mood")

        try session.command("deploy")
        try session.waitFor("Deploy development to production", "mood")
        try session.press("D")
        try session.waitFor("Type \(Self.administeredContainer) to confirm.")
        try session.type(Self.administeredContainer)
        try session.press("Enter")
        try session.waitFor("Deployed", "production now")

        try session.command("fields Party")
        try session.waitFor("Fields of Party [")
        try session.press("/")
        try session.type("mood")
        try session.press("Enter", "d")
        try session.waitFor("Remove field mood from Party?")
        try session.press("y")
        try session.waitUntil("the server refuses to remove a field production has") { $0.contains("failed") && $0.contains("production") }

        let export = try Self.ckdash(["schema", "export", "--environment", "production"], in: session)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("mood") && export.standardOutput.contains("STRING QUERYABLE"), "\(export.standardOutput)")
        try session.press("q")
        try session.waitUntil("ckdash quits") { $0.contains("EXITED 0") }
    }

    @Test("create a record in the form, then edit it through a conflict made by another ckdash process on the same data folder")
    func recordsLifecycle() throws {
        let session = try TmuxSession()
        defer { session.stop() }
        try DashboardTmuxTests.waitForRecordTypes(session)
        try session.command("records Party")
        try session.waitFor("Records of Party [3,000]", "1/3,000")
        try session.press("n")
        try session.waitFor("New Party record", "(the server names it)")
        try session.press("Enter")
        try session.waitFor("Record name")
        try session.type("party-e2e")
        try session.press("Enter", "j", "j", "j", "j", "j", "Enter")
        try session.waitFor("name (STRING)")
        try session.type("Launch")
        try session.press("Enter", "S")
        try session.waitFor("Saved party-e2e", "Edit party-e2e")

        let update = try Self.ckdash(["records", "update", "party-e2e", "--field", "name=Theirs"], in: session)
        #expect(update.status == 0, "\(update.standardError)")
        try session.press("Enter", "C-u")
        try session.type("Mine")
        try session.press("Enter", "S")
        try session.waitFor("conflict on 1 field", "Mine", "Theirs")
        try session.press("S")
        try session.waitFor("Saved party-e2e")
        let lookup = try Self.ckdash(["records", "lookup", "party-e2e"], in: session)
        #expect(lookup.standardOutput.contains("Mine"), "\(lookup.standardOutput)")

        try session.press("Escape")
        try session.waitFor("Records of Party [3,001]")
        try session.command("record party-e2e")
        try session.waitFor("Record party-e2e", "Mine", "no record points here")
        try session.press("D")
        try session.waitFor("Delete party-e2e?", "No DELETE_SELF reference points to it.")
        try session.press("y")
        try session.waitFor("Deleted 1 record")
        let gone = try Self.ckdash(["records", "lookup", "party-e2e"], in: session)
        #expect(gone.status != 0 && gone.standardError.contains("no record named"), "\(gone.standardOutput)\(gone.standardError)")
        try session.command("undo")
        try session.waitFor("Undo: deleted party-e2e?")
        try session.press("y")
        try session.waitFor("Undone: deleted party-e2e (1 record)")
        let back = try Self.ckdash(["records", "lookup", "party-e2e"], in: session)
        #expect(back.standardOutput.contains("Mine"), "\(back.standardOutput)\(back.standardError)")
    }

    @Test("import a CSV file into Party after its preview and dry run, then undo the import")
    func importAndUndo() throws {
        let session = try TmuxSession()
        defer { session.stop() }
        try "recordName,name,rsvpCount\nparty-imported-1,Opening,5\nparty-imported-2,Closing,7\nparty-1,Picnic 1,0\n"
            .write(to: session.folder.appendingPathComponent("work/parties.csv"), atomically: true, encoding: .utf8)
        try DashboardTmuxTests.waitForRecordTypes(session)
        try session.command("records Party")
        try session.waitFor("Records of Party [3,000]", "1/3,000")
        try session.press("i")
        try session.waitFor("The JSON lines or CSV file to import:")
        try session.press("C-u")
        try session.type("parties.csv")
        try session.press("Enter")
        try session.waitFor("Import parties.csv into Party?", "party-imported-1: name=Opening, rsvpCount=5")
        try session.press("d")
        try session.waitFor("Dry run: 3 valid records, 0 invalid, 1 already there")
        try session.press("i")
        try session.waitFor("Imported 2 records, 1 already there", "Records of Party [3,002]")
        let imported = try Self.ckdash(["records", "lookup", "party-imported-1", "party-imported-2"], in: session)
        #expect(imported.status == 0 && imported.standardOutput.contains("Closing"), "\(imported.standardOutput)\(imported.standardError)")

        try session.command("undo")
        try session.waitFor("Undo: imported 2 Party records from parties.csv?")
        try session.press("y")
        try session.waitFor("Undone: imported 2 Party records from parties.csv (2 records)", "Records of Party [3,000]")
        let undone = try Self.ckdash(["records", "lookup", "party-imported-1"], in: session)
        #expect(undone.status != 0 && undone.standardError.contains("no record named"), "\(undone.standardOutput)\(undone.standardError)")
    }

    /// What the CLI sees of the data folder: record counts, schemas, users, credentials, subscriptions, audit log.
    static func dataFolderState(_ session: TmuxSession) throws -> [String] {
        let commands = [
            ["containers"], ["schema", "export"], ["schema", "export", "--environment", "production"], ["users"], ["tokens"], ["subscriptions"],
            ["audit"],
        ]
        return try commands.map { arguments in
            let run = try Self.ckdash(arguments, in: session)
            #expect(run.status == 0, "ckdash \(arguments.joined(separator: " ")): \(run.standardError)")
            return "\(arguments): \(run.status)\n\(run.standardOutput)\(run.standardError)"
        }
    }

    @Test("--readonly: [RO] in the header, the changing keys of each kind of screen and :undo refused with the reason, and the data folder as it was")
    func readOnlyChangesNothing() throws {
        let session = try TmuxSession(["--readonly"])
        defer { session.stop() }
        let screen = try DashboardTmuxTests.waitForRecordTypes(session)
        let header = try #require(screen.split(separator: "\n").first)
        #expect(header.hasPrefix(" ckdash ▸ iCloud.com.example.Party"))
        #expect(header.hasSuffix("[RO]"))
        let before = try Self.dataFolderState(session)
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
            try session.command(visit.command)
            try session.waitFor(visit.loaded)
            for (key, label) in visit.keys {
                try session.press(key)
                try session.waitFor("Read-only session: \(label) is not available")
                try session.press("j")
                try session.waitUntil("the next key clears the status line") { !$0.contains("Read-only session") }
            }
        }
        try session.command("undo")
        try session.waitFor("Read-only session: :undo is not available")
        #expect(try Self.dataFolderState(session) == before)
    }
}
