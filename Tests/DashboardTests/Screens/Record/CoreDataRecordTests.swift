import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// A record Core Data wrote, on the record screen, in the model's words: the demo journal's photo entry with its
/// photo in its asset, its notebook followed as a to-one relationship, its tags followed both ways through `CDMR`.
@Suite("A record Core Data wrote, in the model's words", .heavy)
struct CoreDataRecordTests {
    private static let size = Size(width: 140, height: 40)

    @Test("entity and attributes by name, the large photo in its asset, the notebook and the tags followed, V shows the raw fields")
    func photoEntry() async throws {
        try await DemoServer.run { demo in
            let journal = demo.client.addressing(EmbeddedServer.journalContainer, environment: .development)
            let user = try #require(try await journal.users().first { $0.name == "demo" })
            let store = journal.database(.private).actingAsUser(recordName: user.userRecordName)
            let zone = ZoneID(zoneName: "com.apple.coredata.cloudkit.zone")
            let entries = try await store.queryRecords(Query(recordType: "CD_Entry"), in: zone).records.compactMap { try? $0.get() }
            let photoEntry = try #require(entries.first { $0.fields?["CD_photo_ckAsset"] != nil })

            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            for command in ["container \(EmbeddedServer.journalContainer.rawValue)", "db private demo", "zone \(zone.zoneName)"] {
                try await dashboard.command(command)
            }
            try await dashboard.command("record \(try #require(photoEntry.recordName))")
            try await dashboard.waitUntil("the entry, with its links and its types") {
                dashboard.screen.contains("entity PhotoEntry, record type CD_Entry") && dashboard.screen.contains("→ Tag") && dashboard.screen.contains("ENCRYPTED STRING")
            }
            let photo = try #require(dashboard.lines.first { $0.contains("│ photo ") || $0.contains("│▸photo ") })
            #expect(photo.contains("large value") && photo.contains("in CD_photo_ckAsset, 819.2 KB (d downloads)"), "\(photo)")
            #expect(dashboard.lines.contains { $0.contains("│ text ") && $0.contains("ENCRYPTED STRING") }, "the encrypted attribute says so")
            #expect(!dashboard.screen.contains("CD_title ") && dashboard.screen.contains("CD_moveReceipt") == false && dashboard.screen.contains("CD_entityName"))

            try await dashboard.press(.character("/"))
            try await dashboard.type("notebook")
            try await dashboard.press(.enter, .enter)
            try await dashboard.waitUntil("the notebook") { dashboard.screen.contains("entity Notebook, record type CD_Notebook") }
            try await dashboard.press(.escape)
            try await dashboard.press(.escape)
            try await dashboard.waitUntil("the entry again") { dashboard.screen.contains("entity PhotoEntry") }
            try await dashboard.press(.character("/"))
            try await dashboard.type("tags")
            try await dashboard.press(.enter, .enter)
            try await dashboard.waitUntil("a tag, linked back") {
                dashboard.screen.contains("entity Tag, record type CD_Tag") && dashboard.screen.contains(photoEntry.recordName ?? "?")
            }
            #expect(dashboard.lines.contains { $0.contains("entries") && $0.contains("→ Entry") && $0.contains(photoEntry.recordName ?? "?") })

            try await dashboard.press(.character("V"))
            #expect(dashboard.screen.contains("CD_name") && !dashboard.screen.contains("entity Tag"))
        }
    }
}

extension CoreDataRecordTests {
    @Test("the record types Core Data mirrors are named by their entity, the CloudKit name beside")
    func recordTypes() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("container \(EmbeddedServer.journalContainer.rawValue)")
            try await dashboard.waitUntil("the journal's types") { dashboard.lines[1].contains("Record types [5]") }
            let names = dashboard.lines.compactMap { $0.firstMatch(of: /│[ ▸](\S[^│]*?\))\s/)?.output.1 }.map(String.init)
            #expect(names == ["Entry  (CD_Entry)", "Notebook  (CD_Notebook)", "Tag  (CD_Tag)", "many-to-many links  (CDMR)"], "\(names)")
            let links = try #require(dashboard.lines.firstIndex { $0.contains("many-to-many links") })
            #expect(dashboard.lines[(links + 1)...].allSatisfy { !$0.contains("(CD_") }, "CDMR comes after every entity's type")
        }
    }

    @Test("a type Core Data wrote lists its records by attribute name, V shows the CD_ fields; x leaves the encrypted field out of an export, X writes it")
    func entriesTable() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            let zone = "com.apple.coredata.cloudkit.zone"
            for command in ["container \(EmbeddedServer.journalContainer.rawValue)", "db private demo", "zone \(zone)", "records CD_Entry"] {
                try await dashboard.command(command)
            }
            try await dashboard.waitUntil("the entries") { dashboard.lines[1].contains("Records of Entry  (CD_Entry) [") && dashboard.screen.contains("│▸") }
            let heading = try #require(dashboard.lines.first { $0.contains("RECORD NAME") })
            #expect(heading.contains("caption") && heading.contains("entity") && !heading.contains("CD_"), "\(heading)")
            #expect(!heading.contains("moveReceipt"), "Core Data's bookkeeping is left to the column chooser: \(heading)")
            try await dashboard.press(.character("V"))
            let raw = try #require(dashboard.lines.first { $0.contains("RECORD NAME") })
            #expect(raw.contains("CD_caption") && raw.contains("CD_entityName"), "\(raw)")
            #expect(dashboard.lines[1].contains("Records of CD_Entry ["))

            let plain = demo.folder.appendingPathComponent("entries.jsonl")
            try await dashboard.press(.character("x"))
            #expect(dashboard.screen.contains("encrypted fields are left out: CD_text; X includes them"))
            try await dashboard.press(.control("u"))
            try await dashboard.type(plain.path)
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the export") { dashboard.app.status?.text.hasPrefix("Exported") == true }
            #expect(dashboard.app.status?.text.hasSuffix("as JSON lines, leaving out the encrypted CD_text") == true)
            let withoutText = try String(contentsOf: plain, encoding: .utf8)
            #expect(withoutText.contains("CD_title") && !withoutText.contains("\"CD_text\""))

            let clear = demo.folder.appendingPathComponent("entries-with-text.jsonl")
            try await dashboard.press(.character("X"))
            #expect(dashboard.screen.contains("with the encrypted fields CD_text in the clear"))
            try await dashboard.press(.control("u"))
            try await dashboard.type(clear.path)
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the export") { dashboard.app.status?.text.hasSuffix("as JSON lines") == true }
            #expect(try String(contentsOf: clear, encoding: .utf8).contains("\"CD_text\""))
        }
    }

    @Test("an encrypted field is marked 🔒 on the fields screen, on the record in both views, and in the form; a plain one is not")
    func encryptedMark() async throws {
        try await DemoServer.run { demo in
            let journal = demo.client.addressing(EmbeddedServer.journalContainer, environment: .development)
            let user = try #require(try await journal.users().first { $0.name == "demo" })
            let zone = ZoneID(zoneName: "com.apple.coredata.cloudkit.zone")
            let entry = try #require(try await journal.database(.private).actingAsUser(recordName: user.userRecordName)
                .queryRecords(Query(recordType: "CD_Entry"), in: zone, resultsLimit: 1).records.first?.get().recordName)
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            for command in ["container \(EmbeddedServer.journalContainer.rawValue)", "db private demo", "zone \(zone.zoneName)", "fields CD_Entry"] {
                try await dashboard.command(command)
            }
            #expect(dashboard.lines.contains { $0.contains("CD_text 🔒") && $0.contains("ENCRYPTED STRING") })
            #expect(dashboard.lines.contains { $0.contains("CD_title ") } && !dashboard.screen.contains("CD_title 🔒"))
            try await dashboard.command("record \(entry)")
            try await dashboard.waitUntil("the entry's types") { dashboard.screen.contains("ENCRYPTED STRING") }
            #expect(dashboard.lines.contains { $0.contains("│ text 🔒") })
            try await dashboard.press(.character("V"))
            #expect(dashboard.lines.contains { $0.contains("│ CD_text 🔒") } && !dashboard.screen.contains("CD_title 🔒"))
            try await dashboard.press(.character("e"))
            try await dashboard.waitUntil("the form") { dashboard.screen.contains("CD_text 🔒") }
            #expect(!dashboard.screen.contains("CD_title 🔒"))
        }
    }
}
