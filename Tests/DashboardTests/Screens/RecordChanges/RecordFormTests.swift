import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The record form driven with keys against the demo server: creating a record, editing one, and a save that
/// meets a change made on the server meanwhile.
@Suite("Record form: create, edit, conflict", .heavy)
struct RecordFormTests {
    static let size = Size(width: 120, height: 30)

    /// The demo's public development database.
    static func publicClient(_ demo: DemoServer) -> CloudKitClient {
        demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.public)
    }

    static func record(_ name: String, _ demo: DemoServer) async throws -> Record {
        try await publicClient(demo).lookupRecords(named: [name]).first!.get()
    }

    /// The value of `field` in the draft of the form on top.
    static func draftValue(_ field: String, in dashboard: DashboardHarness) -> FieldValue? {
        (dashboard.app.top as? RecordFormScreen)?.draft?.values[field]
    }

    /// A dashboard on party-1's form with `name` typed in the name field's editor, still open.
    static func typingName(_ name: String, _ demo: DemoServer) async throws -> DashboardHarness {
        let dashboard = DashboardHarness(demo, size: size)
        try await dashboard.start()
        try await dashboard.command("records Party")
        try await dashboard.press(.character("e"))
        try await select("name", in: dashboard)
        try await dashboard.press(.enter, .control("u"))
        try await dashboard.type(name)
        return dashboard
    }

    /// Moves the form's selection to the line of `field`.
    static func select(_ field: String, in dashboard: DashboardHarness) async throws {
        try await dashboard.press(.home)
        for _ in 0..<30 {
            if dashboard.lines.contains(where: { $0.contains("▸") && ($0.contains(" \(field) ") || $0.contains("▸\(field) ")) }) { return }
            try await dashboard.press(.character("j"))
        }
        Issue.record("no line of \(field) in the form")
    }

    @Test("n opens a form of Party's fields; typed values, a picked reference-free record and a name are saved as typed")
    func createRecord() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("n"))
            #expect(dashboard.lines[1].contains("New Party record"))
            #expect(dashboard.screen.contains("(the server names it)"))
            try await dashboard.press(.enter)
            try await dashboard.type("party-launch")
            try await dashboard.press(.enter)
            try await Self.select("name", in: dashboard)
            try await dashboard.press(.enter)
            try await dashboard.type("Launch")
            try await dashboard.press(.enter)
            try await Self.select("rsvpCount", in: dashboard)
            try await dashboard.press(.enter)
            try await dashboard.type("abc")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("not a valid INT64"))
            try await dashboard.press(.control("u"))
            try await dashboard.type("12")
            try await dashboard.press(.enter)
            try await Self.select("tags", in: dashboard)
            try await dashboard.press(.enter)
            try await dashboard.type("a, b")
            try await dashboard.press(.enter)
            #expect(dashboard.app.top.statusItems == ["3 fields changed"])
            try await dashboard.press(.character("S"))
            #expect(dashboard.app.status?.text.hasPrefix("Saved party-launch") == true)
            let saved = try await Self.record("party-launch", demo)
            #expect(saved.fields?["name"] == .string("Launch"))
            #expect(saved.fields?["rsvpCount"] == .int64(12))
            #expect(saved.fields?["tags"] == .list(.string(["a", "b"])))
            #expect(dashboard.lines[1].contains("Edit party-launch"))
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Records of Party [3,001]"))
        }
    }

    @Test("Esc with unsaved changes asks before throwing them away")
    func unsavedChanges() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.typingName("Renamed", demo)
            try await dashboard.press(.enter, .escape)
            #expect(dashboard.screen.contains("Discard your changes?"))
            #expect(dashboard.screen.contains("1 changed field of party-1 will be lost."))
            try await dashboard.press(.character("n"))
            #expect(dashboard.lines[1].contains("Edit party-1"))
            try await dashboard.press(.escape, .character("y"))
            #expect(dashboard.lines[1].contains("Records of Party"))
            #expect(try await Self.record("party-1", demo).fields?["name"] == .string("Picnic 1"))
        }
    }

    @Test("r with unsaved changes asks before fetching the form again; a fetch cancelled with Esc leaves no editor taking the keys unseen")
    func reloadAndCancel() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.typingName("Renamed", demo)
            try await dashboard.press(.enter, .character("r"))
            #expect(dashboard.screen.contains("Fetch again and discard your changes?"))
            try await dashboard.press(.character("n"))
            #expect(Self.draftValue("name", in: dashboard) == .string("Renamed"))
            // Seed 3930433256630506840 of the random keys: r, then Esc before the fetch ends, then Enter opened an
            // editor the cancelled form did not draw, and every key after went into it.
            dashboard.send(.key(.character("r")))
            dashboard.send(.key(.character("y")))
            dashboard.send(.key(.escape))
            try await dashboard.settle()
            #expect(dashboard.screen.contains("Cancelled."))
            try await dashboard.press(.enter)
            #expect(!dashboard.app.top.capturesKeys, "\(dashboard.screen)")
            #expect(dashboard.app.top.unsavedChanges == nil, "the changes were discarded as confirmed, though the fetch was cancelled")
            try await dashboard.press(.character("r"))
            #expect(dashboard.lines[1].contains("Edit party-1"))
            #expect(Self.draftValue("name", in: dashboard) == .string("Picnic 1"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.top.capturesKeys)
        }
    }

    @Test("q, Ctrl-C and :quit with unsaved changes, or a value being typed, ask before quitting; without changes q quits at once, and Ctrl-C from a dialog too")
    func quitWithUnsavedChanges() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.typingName("Renamed", demo)
            try await dashboard.press(.control("c"))
            #expect(dashboard.confirmation?.title == "Quit and discard your changes?")
            #expect(dashboard.confirmation?.message == "the value being edited of name of party-1 will be lost. Ctrl-C again quits too.")
            try await dashboard.press(.character("n"))
            #expect(!dashboard.app.hasQuit)
            try await dashboard.press(.enter, .character("q"))
            #expect(dashboard.confirmation?.message == "1 changed field of party-1 will be lost. Ctrl-C again quits too.")
            try await dashboard.press(.escape)
            try await dashboard.command("quit")
            #expect(dashboard.confirmation?.title == "Quit and discard your changes?")
            try await dashboard.press(.character("n"), .control("c"), .control("c"))
            #expect(dashboard.app.hasQuit, "Ctrl-C twice")
            #expect(try await Self.record("party-1", demo).fields?["name"] == .string("Picnic 1"))
        }
        try await DashboardHarness.started { dashboard in
            try await dashboard.command("records Party")
            try await dashboard.press(.character("e"), .character("q"))
            #expect(dashboard.app.hasQuit)
        }
        try await DashboardHarness.started { dashboard in
            try await dashboard.press(.character(":"), .control("c"))
            #expect(dashboard.app.hasQuit, "Ctrl-C in the palette")
        }
    }

    @Test("a save over a record changed meanwhile shows both versions; the fields kept are saved with the server's change tag")
    func conflict() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("e"))
            #expect(dashboard.lines[1].contains("Edit party-1"))
            try await Self.select("name", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type("Mine")
            try await dashboard.press(.enter)
            try await Self.select("background", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type("#000000")
            try await dashboard.press(.enter)

            let before = try await Self.record("party-1", demo)
            let theirs = Record(
                recordName: "party-1", recordType: "Party", recordChangeTag: before.recordChangeTag,
                fields: ["name": .string("Theirs"), "rsvpCount": .int64(77)])
            _ = try await Self.publicClient(demo).modifyRecords([RecordOperation(.update, theirs)]).first!.get()

            try await dashboard.press(.character("S"))
            #expect(dashboard.lines[1].contains("Edit party-1: conflict on 3 fields"))
            #expect(dashboard.app.status?.text.contains("changed on the server since you began") == true)
            let nameLine = try #require(dashboard.lines.first { $0.contains("name  ") })
            #expect(nameLine.contains("Mine") && nameLine.contains("Theirs") && nameLine.contains("yours"))
            let rsvpLine = try #require(dashboard.lines.first { $0.contains("rsvpCount  ") })
            #expect(rsvpLine.contains("77") && rsvpLine.contains("server's"))
            try await Self.select("background", in: dashboard)
            try await dashboard.press(.character("t"))
            try await dashboard.press(.character("S"))
            #expect(dashboard.app.status?.text.hasPrefix("Saved party-1") == true)
            let saved = try await Self.record("party-1", demo)
            #expect(saved.fields?["name"] == .string("Mine"))
            #expect(saved.fields?["rsvpCount"] == .int64(77))
            #expect(saved.fields?["background"] == before.fields?["background"])
            guard case .asset(let invitation)? = saved.fields?["invitation"] else {
                Issue.record("the invitation the form left as it was is gone")
                return
            }
            #expect(try await Self.publicClient(demo).downloadAsset(invitation).isEmpty == false)
        }
    }

    @Test("a reference is picked from the records of a type, an asset from a file uploaded on save")
    func referenceAndAsset() async throws {
        try await DemoServer.run { demo in
            let file = demo.folder.appendingPathComponent("card.txt")
            try Data("an invitation".utf8).write(to: file)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("e"))
            try await Self.select("invitation", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("card.txt (uploaded on save)"))
            try await dashboard.press(.character("S"))
            let party = try await Self.record("party-1", demo)
            guard case .asset(let asset)? = party.fields?["invitation"] else {
                Issue.record("no asset saved")
                return
            }
            #expect(try await Self.publicClient(demo).downloadAsset(asset) == Array("an invitation".utf8))
            try await dashboard.press(.escape)
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("records Receipt")
            try await dashboard.press(.character("e"))
            try await Self.select("shoebox", in: dashboard)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("shoebox points to a record of type"))
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("shoebox → Shoebox"))
            try await dashboard.press(.down, .enter)
            #expect(dashboard.screen.contains("shoebox → shoebox-10: when it is deleted"))
            try await dashboard.press(.enter)
            try await dashboard.press(.character("S"))
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private)
                .actingAsUser(recordName: try await demo.demoUser().userRecordName)
            let receipt = try await client.lookupRecords(named: ["receipt-1-1"], in: ZoneID(zoneName: "Receipts")).first!.get()
            guard case .reference(let shoebox)? = receipt.fields?["shoebox"] else {
                Issue.record("the receipt lost its shoebox")
                return
            }
            #expect(shoebox.recordName == "shoebox-10" && shoebox.action == .deleteSelf)
        }
    }
}

extension RecordFormTests {
    @Test("saving a form keeps the files of a LIST<ASSET> field left as it was")
    func keepsAssetList() async throws {
        try await DemoServer.run { demo in
            let schema = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await schema.editSchema([ManagementSchema.Edit(.addField, recordType: "Party", field: "pictures", fieldType: "LIST<ASSET>")])
            let client = Self.publicClient(demo)
            var pictures: [Asset] = []
            for bytes in [Array("one".utf8), Array("two".utf8)] {
                pictures.append(try await client.uploadAsset(bytes, recordType: "Party", fieldName: "pictures", recordName: "party-2"))
            }
            var party = try await client.lookupRecords(named: ["party-2"]).first!.get()
            party.fields?["pictures"] = .list(.asset(pictures))
            _ = try await client.modifyRecords([RecordOperation(.replace, party)]).first!.get()
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("record party-2")
            try await dashboard.press(.character("e"))
            try await Self.select("name", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type("Renamed")
            try await dashboard.press(.enter, .character("S"))
            #expect(dashboard.app.status?.text.hasPrefix("Saved party-2") == true, "\(dashboard.app.status?.text ?? "")")
            guard case .list(.asset(let kept))? = try await client.lookupRecords(named: ["party-2"]).first!.get().fields?["pictures"] else {
                Issue.record("the pictures are gone")
                return
            }
            var files: [[UInt8]] = []
            for asset in kept { files.append(try await client.downloadAsset(asset)) }
            #expect(files == [Array("one".utf8), Array("two".utf8)])
        }
    }

    @Test("the reference picker: Users lists the users, typing filters, a name beyond the list can be typed, and the action is chosen")
    func referencePicker() async throws {
        try await DemoServer.run { demo in
            let schema = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await schema.editSchema([ManagementSchema.Edit(.addField, recordType: "Party", field: "host", fieldType: "REFERENCE")])
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("e"))
            try await Self.select("host", in: dashboard)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("host points to a record of type"))
            try await dashboard.press(.end, .enter)
            #expect(dashboard.screen.contains("host → Users"), "\(dashboard.screen)")
            #expect(dashboard.screen.contains("guest, guest@example.com"), "\(dashboard.screen)")
            try await dashboard.press(.down, .enter)
            let guest = try #require(try await schema.users().first { $0.name == "guest" }).userRecordName
            #expect(dashboard.screen.contains("host → \(guest): when it is deleted"))
            try await dashboard.press(.down, .down, .enter)
            #expect(Self.draftValue("host", in: dashboard) == .reference(Reference(recordName: guest, action: .validate)))

            // A record beyond the list: its name typed.
            try await dashboard.press(.enter, .home, .enter)
            try await dashboard.type("party-2999")
            #expect(dashboard.screen.contains("/party-2999"))
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("The name of the record to point to:"), "\(dashboard.screen)")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("host → party-2999: when it is deleted"))
            // The current action, VALIDATE, comes selected: the one above it.
            try await dashboard.press(.up, .enter)
            #expect(Self.draftValue("host", in: dashboard) == .reference(Reference(recordName: "party-2999", action: .deleteSelf)))
        }
    }

    @Test("against the goldens: a new record's form and a conflict", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("n"))
            try await Self.select("name", in: dashboard)
            try await dashboard.press(.enter)
            try await dashboard.type("Launch")
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "record-form-new-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("y"), .character("e"))
            try await Self.select("name", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type("Mine")
            try await dashboard.press(.enter)
            let before = try await Self.record("party-1", demo)
            let theirs = Record(recordName: "party-1", recordType: "Party", recordChangeTag: before.recordChangeTag, fields: ["name": .string("Theirs")])
            _ = try await Self.publicClient(demo).modifyRecords([RecordOperation(.update, theirs)]).first!.get()
            try await dashboard.press(.character("S"))
            try Golden.expect(dashboard.lines, matches: "record-form-conflict-\(size.width)x\(size.height)")
        }
    }
}
