import CKTestSupport
import Foundation
import Testing

/// Core Data's container end to end under tmux, on the embedded default: the journal demo's types by entity, an
/// entry in the model's words, and a many-to-many link followed to a tag and back.
extension DashboardTmuxTests {
    @Test("the journal demo: types by entity, an entry by attribute, its tag through CDMR and back to the entry")
    func coreDataJournal() async throws {
        let session = try await TmuxSession(width: 140)
        defer { session.stop() }
        try await DashboardTmuxTests.waitForRecordTypes(session)
        try await session.command("container iCloud.com.example.TravelJournal")
        try await session.waitFor("Record types [5]", "Entry  (CD_Entry)", "many-to-many links  (CDMR)")
        try await session.command("db private demo")
        // `:zone` looks the zone up in the database on top, so it waits for the switch, which fetches the users first.
        try await session.waitFor("private as demo")
        try await session.command("zone com.apple.coredata.cloudkit.zone")
        try await session.command("records CD_Entry")
        // The rows, not only the title (whose count may come first): Enter on an empty table opens nothing.
        try await session.waitFor("Records of Entry  (CD_Entry) [", "│▸")
        try await session.press("Enter")
        let entry = try await session.waitFor("entity ", "Many-to-many", "→ Tag")
        let name = try #require(entry.firstMatch(of: /Record ([0-9A-F-]{36})/)?.output.1)
        #expect(entry.contains("title") && entry.contains("writtenAt") && !entry.contains("CD_title"), "attributes by name")
        try await session.press("/")
        try await session.type("tags")
        try await session.press("Enter", "Enter")
        let tag = try await session.waitFor("entity Tag, record type CD_Tag", "→ Entry")
        #expect(tag.contains(String(name)), "the tag links back to the entry")
    }
}
