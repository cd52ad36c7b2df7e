import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// Deleting, bulk changes, import and undo on the records screen, against the demo server.
@Suite("Records: delete with DELETE_SELF, bulk actions, import, undo", .heavy)
struct RecordChangesTests {
    static let size = RecordFormTests.size
    static let receipts = ZoneID(zoneName: "Receipts")

    /// The demo user's private database.
    static func privateClient(_ demo: DemoServer) async throws -> CloudKitClient {
        demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private)
            .actingAsUser(recordName: try await demo.demoUser().userRecordName)
    }

    /// Which of `names` exist in the Receipts zone.
    static func existing(_ names: [String], _ demo: DemoServer) async throws -> [String] {
        try await privateClient(demo).lookupRecords(named: names, in: receipts).compactMap { try? $0.get().recordName }
    }

    @Test("d on a shoebox names the 20 receipts its DELETE_SELF references take along; u saves all 21 again")
    func deleteWithDependentsAndUndo() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("records Shoebox")
            try await dashboard.press(.character("d"))
            #expect(dashboard.screen.contains("Delete shoebox-1?"))
            #expect(dashboard.confirmation?.message.contains("DELETE_SELF references also delete 20 records: Receipt 20.") == true)
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Deleted 21 records: :undo (or u) saves them again")
            #expect(try await Self.existing(["shoebox-1", "receipt-1-1", "receipt-1-20", "shoebox-2"], demo) == ["shoebox-2"])
            #expect(dashboard.lines[1].contains("Records of Shoebox [49]"))

            try await dashboard.press(.character("u"))
            #expect(dashboard.screen.contains("Undo: deleted shoebox-1 and 20 records with it?"))
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Undone: deleted shoebox-1 and 20 records with it (21 records)")
            #expect(try await Self.existing(["shoebox-1", "receipt-1-1", "receipt-1-20"], demo).count == 3)
            let receipt = try await Self.privateClient(demo).lookupRecords(named: ["receipt-1-1"], in: Self.receipts).first!.get()
            #expect(receipt.fields?["merchant"] == .string("Bakery"))
            try await dashboard.command("undo")
            #expect(dashboard.app.status?.text == "Nothing to undo: no bulk delete or import in this session")
        }
    }

    @Test("Space marks records; = sets a field of every marked one, x exports just them, d deletes them")
    func bulkActions() async throws {
        try await DemoServer.run { demo in
            let folder = demo.folder
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character(" "), .character(" "))
            #expect(dashboard.lines[1].contains("2 marked"))
            #expect(dashboard.screen.contains("● party-1") && dashboard.screen.contains("● party-10"))
            try await dashboard.press(.character("="))
            #expect(dashboard.screen.contains("Set which field of 2 records?"))
            try await dashboard.press(.character("j"), .character("j"), .character("j"), .character("j"), .enter)
            try await dashboard.type("99")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Set rsvpCount of 2 records?"))
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Set rsvpCount on 2 records")
            for name in ["party-1", "party-10"] {
                #expect(try await RecordFormTests.record(name, demo).fields?["rsvpCount"] == .int64(99))
            }
            #expect(try await RecordFormTests.record("party-100", demo).fields?["rsvpCount"] != .int64(99))

            try await dashboard.press(.character(" "), .character(" "), .character("x"), .control("u"))
            try await dashboard.type(folder.appendingPathComponent("marked.jsonl").path)
            try await dashboard.press(.enter)
            let exported = try String(contentsOf: folder.appendingPathComponent("marked.jsonl"), encoding: .utf8)
            #expect(exported.split(separator: "\n").count == 2)
            #expect(exported.contains("\"party-1\"") && exported.contains("\"party-10\""))

            try await dashboard.press(.character("d"))
            #expect(dashboard.screen.contains("Delete 2 Party records?"))
            try await dashboard.press(.character("y"))
            #expect(dashboard.lines[1].contains("Records of Party [2,998]"))
            #expect(!dashboard.lines[1].contains("marked"))
        }
    }

    @Test("x into a .csv file writes CSV, which i reads back: the dry run finds every record already there")
    func exportImportCSV() async throws {
        try await DemoServer.run { demo in
            let file = demo.folder.appendingPathComponent("party.csv")
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character(" "), .character("j"), .character(" "), .character("x"), .control("u"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Exported 2 records to \(file.path) as CSV")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix("recordName,background,date,invitation,location,name,rsvpCount,tags\nparty-1,#f4a261,"), "\(text)")
            try await dashboard.press(.character("i"), .control("u"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter, .character("d"))
            guard case .importPreview(let dialog)? = (dashboard.app.top as? RecordsScreen)?.overlay, let dryRun = dialog.dryRun else {
                Issue.record("the preview does not show the dry run\n\(dashboard.screen)")
                return
            }
            #expect((dryRun.valid, dryRun.invalid, dryRun.existing) == (2, 0, 2))
        }
    }

    @Test("i previews a file's first records, d dry-runs it without sending, Import creates them, :undo deletes them again")
    func importAndUndo() async throws {
        try await DemoServer.run { demo in
            let file = demo.folder.appendingPathComponent("parties.csv")
            try "recordName,name,rsvpCount\nparty-new-1,Opening,5\nparty-new-2,Closing,7\nparty-1,Picnic 1,0\nparty-bad,Oops,many\n"
                .write(to: file, atomically: true, encoding: .utf8)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("i"), .control("u"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("party-new-1: name=Opening, rsvpCount=5"))
            #expect(dashboard.screen.contains("line 5: rsvpCount: "))
            try await dashboard.press(.character("d"))
            #expect(dashboard.screen.contains("Dry run: 3 valid records"))
            guard case .importPreview(let dialog)? = (dashboard.app.top as? RecordsScreen)?.overlay, let dryRun = dialog.dryRun else {
                Issue.record("the preview does not show the dry run")
                return
            }
            #expect((dryRun.valid, dryRun.invalid, dryRun.existing) == (3, 1, 1))
            #expect(try await RecordFormTests.publicClient(demo).lookupRecords(named: ["party-new-1"]).first.map { (try? $0.get()) == nil } == true)
            try await dashboard.press(.character("i"))
            let status = try #require(dashboard.app.status?.text)
            #expect(status.hasPrefix("Imported 2 records, 1 already there, 1 line skipped (line 5: rsvpCount: "))
            #expect(status.hasSuffix("; :undo deletes them"))
            #expect(try await RecordFormTests.record("party-new-2", demo).fields?["rsvpCount"] == .int64(7))
            #expect(dashboard.lines[1].contains("Records of Party [3,002]"))

            try await dashboard.command("undo")
            #expect(dashboard.screen.contains("Undo: imported 2 Party records from \(file.path)?"))
            try await dashboard.press(.character("y"))
            let left = try await RecordFormTests.publicClient(demo).lookupRecords(named: ["party-new-1", "party-new-2", "party-1"])
            #expect(left.compactMap { try? $0.get().recordName } == ["party-1"])
        }
    }

    @Test("a read-only session offers none of the record changes, and refuses their keys with the reason")
    func readOnly() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, isReadOnly: true)
            try await dashboard.start()
            try await dashboard.command("records Party")
            let hints = dashboard.lines[Self.size.height - 1]
            for label in ["New", "Edit", "Delete", "Set field", "Import", "Undo"] { #expect(!hints.contains(" \(label) ")) }
            for key in ["n", "e", "d", "=", "i", "u"] {
                try await dashboard.press(.character(Character(key)))
                #expect(dashboard.app.status?.text.hasPrefix("Read-only session: ") == true)
                #expect(dashboard.lines[1].contains("Records of Party"))
            }
            try await dashboard.command("undo")
            #expect(dashboard.app.status?.text.hasPrefix("Read-only session") == true)
            try await dashboard.press(.enter, .character("e"))
            #expect(dashboard.app.status?.text.hasPrefix("Read-only session: ") == true)
        }
    }
}

extension RecordChangesTests {
    @Test("against the goldens: the delete confirmation and the import preview", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let file = demo.folder.appendingPathComponent("parties.jsonl")
            try #"{"recordName":"party-new","fields":{"name":{"value":"Opening"},"rsvpCount":{"value":5}}}"#.write(to: file, atomically: true, encoding: .utf8)
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("records Shoebox")
            try await dashboard.press(.character(" "), .character(" "), .character("d"))
            try Golden.expect(dashboard.lines, matches: "delete-records-\(size.width)x\(size.height)")
            try await dashboard.press(.escape)
            try await dashboard.command("user -")
            try await dashboard.command("zone -")
            try await dashboard.command("records Party")
            try await dashboard.press(.character("i"), .control("u"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter, .character("d"))
            try Golden.expect(dashboard.lines, matches: "import-preview-\(size.width)x\(size.height)")
        }
    }
}

extension RecordChangesTests {
    @Test("D on a record's own screen deletes it after asking; e opens its form")
    func deleteFromRecordScreen() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("record party-2")
            try await dashboard.press(.character("e"))
            #expect(dashboard.lines[1].contains("Edit party-2"))
            try await dashboard.press(.escape, .character("D"))
            #expect(dashboard.confirmation?.title == "Delete party-2?")
            #expect(dashboard.screen.contains("Delete party-2?"))
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Deleted 1 record: :undo (or u) saves them again")
            #expect(dashboard.lines[1].contains("Record types [4]"), "the deleted record's screen stays open:\n\(dashboard.screen)")
            #expect(try await RecordFormTests.publicClient(demo).lookupRecords(named: ["party-2"]).first.map { (try? $0.get()) == nil } == true)
        }
    }

    @Test("D pressed before the record and its schema have loaded says it waits, then asks once they have; Esc drops it")
    func deleteWhileLoading() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            dashboard.app.run(command: "record party-2")
            dashboard.app.handle(.key(.character("D")))
            #expect(dashboard.app.status?.text == "Still loading: Delete, and the keys typed after it, will run once this screen has loaded (Esc drops them)")
            try await dashboard.settle()
            #expect(dashboard.confirmation?.title == "Delete party-2?")
            try await dashboard.press(.escape)
            dashboard.app.run(command: "record party-3")
            dashboard.app.handle(.key(.character("D")))
            dashboard.app.handle(.key(.escape))
            #expect(dashboard.app.status?.text == "Dropped 1 key typed while the screen loaded: nothing was done")
            try await dashboard.settle()
            #expect(dashboard.confirmation == nil)
            #expect(dashboard.lines[1].contains("Record party-3"))
        }
    }

    @Test("a quick filter entered while the schema loads is applied once it has, not dropped")
    func filterWhileLoading() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            dashboard.app.run(command: "records Party")
            for character in "/name == \"Gala 12\"" { dashboard.app.handle(.key(.character(character))) }
            dashboard.app.handle(.key(.enter))
            #expect(dashboard.app.status?.text == "The filter applies once the schema has loaded")
            try await dashboard.settle()
            #expect(dashboard.lines[1].contains("Records of Party [1] /name == \"Gala 12\""), "\(dashboard.screen)")
            #expect(dashboard.screen.contains("party-12"))
        }
    }

    @Test("e, Space and d on an empty result say there is no record, instead of doing nothing")
    func changesOnEmptyResult() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("/"))
            try await dashboard.type("name == nobody")
            try await dashboard.press(.enter)
            try #require(dashboard.lines[1].contains("Records of Party [0]"), "\(dashboard.screen)")
            for (key, verb) in [("e", "edit"), (" ", "mark"), ("d", "delete")] {
                try await dashboard.press(.character(Character(key)))
                #expect(dashboard.app.status?.text == "No record selected to \(verb)")
            }
        }
    }

    @Test("u offers the undo at once after a delete, while the records screen is still fetching again")
    func undoWhileReloading() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("d"))
            dashboard.send(.key(.character("y")))
            for _ in 0..<1000 where dashboard.app.status?.text.hasPrefix("Deleted") != true {
                try await Task.sleep(for: .milliseconds(10))
                dashboard.app.deliverFinishedWork()
            }
            try #require(dashboard.app.status?.text.hasPrefix("Deleted") == true, "\(dashboard.screen)")
            #expect(dashboard.app.top.isLoading, "the records screen is not fetching again, so this test proves nothing")
            dashboard.app.handle(.key(.character("u")))
            #expect(dashboard.confirmation?.title == "Undo: deleted party-1?")
        }
    }

    @Test("a filter applied while a page of the old query is on its way shows only the new query's records")
    func filterDuringPageFetch() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("records Party")
            dashboard.send(.key(.character("G")))
            #expect(dashboard.app.top.isLoading, "G does not fetch the last page, so this test proves nothing")
            for character in "/name == \"Gala 12\"" { dashboard.app.handle(.key(.character(character))) }
            dashboard.app.handle(.key(.enter))
            try await dashboard.settle()
            let rows = dashboard.lines.filter { $0.contains("│ party-") || $0.contains("│▸party-") }
            #expect(rows.count == 1 && rows[0].contains("party-12 "), "\(dashboard.screen)")
            #expect(dashboard.app.top.statusItems.last == "1/1", "\(dashboard.app.top.statusItems)")
        }
    }

    @Test("the records screen takes i while it fetches further pages in the background, and holds it until its first")
    func importWhilePaging() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            dashboard.app.run(command: "records Party")
            dashboard.app.handle(.key(.character("i")))
            #expect(dashboard.app.status?.text == "Still loading: Import, and the keys typed after it, will run once this screen has loaded (Esc drops them)")
            try await dashboard.settle()
            #expect(dashboard.screen.contains("The JSON lines or CSV file to import:"))
            try await dashboard.press(.escape)
            dashboard.send(.key(.character("G")))
            #expect(dashboard.app.top.isLoading, "G does not fetch the last page, so this test proves nothing")
            dashboard.send(.key(.character("i")))
            #expect(dashboard.screen.contains("The JSON lines or CSV file to import:"))
        }
    }
}

extension RecordChangesTests {
    @Test("undoing a delete saves a user's record again as that user, who can still change it; the dialog says what cannot be restored")
    func undoKeepsCreator() async throws {
        try await DemoServer.run { demo in
            let client = try await RecordFormTests.publicClient(demo)
            let users = try await client.users()
            let guest = try #require(users.first { $0.name == "guest" }).userRecordName
            let asGuest = client.actingAsUser(recordName: guest)
            _ = try await asGuest.modifyRecords([RecordOperation(.create, Record(recordName: "guest-party", recordType: "Party", fields: ["name": .string("Guest's")]))])
                .first!.get()
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("record guest-party")
            try await dashboard.press(.character("D"), .character("y"))
            try await dashboard.command("undo")
            #expect(dashboard.confirmation?.message == "Saves the deleted record again as the user who created it, with its fields as they were. "
                + "CloudKit gives it new creation and modification times and change tags: those cannot be restored.")
            try await dashboard.press(.character("y"))
            let restored = try await client.lookupRecords(named: ["guest-party"]).first!.get()
            #expect(restored.created?.userRecordName == guest)
            #expect(restored.fields?["name"] == .string("Guest's"))
            var change = restored
            change.fields = ["name": .string("Still mine")]
            #expect(try await asGuest.modifyRecords([RecordOperation(.update, change)]).first.map { try $0.get() } != nil)
        }
    }

    @Test("undoing the delete of a record with an ASSET field saves it again with the same file")
    func undoDeleteKeepsAssetFile() async throws {
        try await DemoServer.run { demo in
            let client = try await RecordFormTests.publicClient(demo)
            let original = try await client.lookupRecords(named: ["party-51"]).first!.get()
            guard case .asset(let asset)? = original.fields?["invitation"] else {
                Issue.record("party-51 of the demo holds no invitation")
                return
            }
            let file = try await client.downloadAsset(asset)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("record party-51")
            try await dashboard.press(.character("D"), .character("y"))
            #expect(dashboard.app.status?.text == "Deleted 1 record: :undo (or u) saves them again")
            try await dashboard.command("undo")
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Undone: deleted party-51 (1 record)")
            let restored = try await client.lookupRecords(named: ["party-51"]).first!.get()
            guard case .asset(let restoredAsset)? = restored.fields?["invitation"] else {
                Issue.record("party-51 came back without its invitation: \(restored.fields ?? [:])")
                return
            }
            #expect(try await client.downloadAsset(restoredAsset) == file)
            #expect(restored.fields?["name"] == original.fields?["name"])
        }
    }

    @Test("when an ASSET file cannot be kept for undo, the delete asks again; n keeps the record, y deletes it and undo saves it without the file")
    func deleteWhenAssetFileCannotBeKept() async throws {
        try await DemoServer.run { demo in
            try FileManager.default.removeItem(at: demo.folder.appendingPathComponent("assets"))
            let client = try await RecordFormTests.publicClient(demo)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("record party-51")
            try await dashboard.press(.character("D"), .character("y"))
            #expect(dashboard.confirmation?.title == "Delete without this file?")
            let message = try #require(dashboard.confirmation?.message)
            #expect(message.hasPrefix("1 ASSET file cannot be kept for :undo: invitation of party-51 ("), "\(message)")
            #expect(dashboard.screen.contains("Delete without this file?"))
            try await dashboard.press(.character("n"))
            #expect(try await client.lookupRecords(named: ["party-51"]).first.map { (try? $0.get()) != nil } == true)
            #expect(dashboard.app.undoJournal.entries.isEmpty)

            try await dashboard.press(.character("D"), .character("y"), .character("y"))
            #expect(dashboard.app.status?.text == "Deleted 1 record: :undo (or u) saves them again without 1 file")
            #expect(try await client.lookupRecords(named: ["party-51"]).first.map { (try? $0.get()) == nil } == true)
            try await dashboard.command("undo")
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Undone: deleted party-51 (1 record)")
            let restored = try await client.lookupRecords(named: ["party-51"]).first!.get()
            #expect(restored.fields?["invitation"] == nil)
            #expect(restored.fields?["name"] == .string("Brunch 51"))
        }
    }

    @Test("the kept files of deleted records sit in a folder only their owner reads, one per distinct file, gone with the journal")
    func keptAssetFilesFolder() async throws {
        try await DemoServer.run { demo in
            let client = try await RecordFormTests.publicClient(demo)
            let records = try await client.lookupRecords(named: ["party-1", "party-51", "party-101"]).map { try $0.get() }
            let parent = demo.folder.appendingPathComponent("temporary")
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            var files: KeptAssetFiles? = KeptAssetFiles(in: parent)
            #expect(await files?.keep(filesOf: records, with: client).isEmpty == true)
            let folders = try FileManager.default.contentsOfDirectory(at: parent, includingPropertiesForKeys: nil)
            try #require(folders.count == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folders[0].path).count == 1)
            let permissions = try FileManager.default.attributesOfItem(atPath: folders[0].path)[.posixPermissions] as? Int
            #expect(permissions == 0o700)
            files = nil
            #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
        }
    }

    @Test("a LIST<ASSET> keeps each element's file; undo uploads the kept ones again and leaves out the one that was not kept")
    func keptAssetFilesOfAList() async throws {
        try await DemoServer.run { demo in
            let client = try await RecordFormTests.publicClient(demo)
            guard case .asset(let fetched)? = try await client.lookupRecords(named: ["party-1"]).first?.get().fields?["invitation"],
                let downloadURL = fetched.downloadURL
            else {
                Issue.record("party-1 of the demo holds no invitation")
                return
            }
            let gone = Asset(fileChecksum: "gone", size: 1, downloadURL: downloadURL + "0")
            let record = Record(recordName: "party-1", recordType: "Party", fields: ["pictures": .list(.asset([fetched, gone, fetched]))])
            let files = KeptAssetFiles(in: demo.folder)
            let unkept = await files.keep(filesOf: [record], with: client)
            #expect(unkept.map(\.fieldName) == ["pictures"])
            let reuploaded = try await files.reuploaded(record, with: client, in: nil)
            guard case .list(.asset(let assets))? = reuploaded.fields?["pictures"] else {
                Issue.record("the list is gone: \(reuploaded.fields ?? [:])")
                return
            }
            #expect(assets.count == 2)
            #expect(assets.allSatisfy { $0.receipt != nil && $0.fileChecksum == fetched.fileChecksum })
        }
    }

    @Test("a folder of kept files left by a ckdash that no longer runs is removed when the next journal starts; a running one's stays")
    func keptAssetFilesLeftovers() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kept-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let dead = parent.appendingPathComponent("ckdash-undo-\(Int32.max)-left")
        let running = parent.appendingPathComponent("ckdash-undo-\(getpid())-running")
        for folder in [dead, running] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        _ = KeptAssetFiles(in: parent)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
    }
}
