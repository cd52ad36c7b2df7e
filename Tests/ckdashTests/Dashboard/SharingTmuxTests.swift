import CKTestSupport
import Foundation
import Testing

/// Sharing end to end under tmux, on the embedded default: the demo user shares a zone and invites guest, who
/// accepts it by its short GUID and then browses it in their shared database.
extension DashboardTmuxTests {
    @Test("demo shares Receipts zone-wide and invites guest; guest accepts it with :accept and finds it in their shared database")
    func zoneShareAcceptedByAnotherUser() async throws {
        let session = try await TmuxSession(width: 140)
        defer { session.stop() }
        try await DashboardTmuxTests.waitForRecordTypes(session)
        try await session.command("db private demo")
        try await session.command("zones")
        try await session.waitFor("Zones of private [2]", "Receipts")
        try await session.press("j", "s")
        try await session.waitFor("Shares of zone Receipts", "No shares")
        try await session.press("n")
        let shared = try await session.waitFor("Shared zone Receipts with nobody yet", "others join with :accept ")
        let shortGUID = try #require(shared.firstMatch(of: /:accept ([0-9A-Za-z]+)/)?.output.1)
        try await session.press("a")
        try await session.waitFor("Invite to the share of zone Receipts")
        try await session.press("Enter")
        try await session.waitFor("guest may")
        try await session.press("Enter")
        try await session.waitFor("Invited guest (read only) to the share of zone Receipts")

        try await session.command("user guest")
        try await session.command("accept \(shortGUID)")
        try await session.waitFor("Share \(shortGUID)", "the whole zone Receipts", "invited, may read")
        try await session.press("a")
        try await session.waitFor("Accept demo's share as guest?")
        try await session.press("y")
        try await session.waitFor("guest joined the zone Receipts", "shared as guest")
        try await session.command("zones")
        try await session.waitFor("Zones of shared [1]", "Receipts")
        try await session.press("Enter")
        try await session.command("records Receipt")
        let records = try await session.waitFor("Records of Receipt [")
        #expect(records.contains("shared as guest") && records.contains("Receipts"), "guest browses the owner's receipts in their shared database")
    }
}
