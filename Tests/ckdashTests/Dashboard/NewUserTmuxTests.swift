import CKTestSupport
import Foundation
import Testing

/// The README's first command as a new user meets it at 80×24: the last record of a large result, its form, the
/// question before losing unsaved changes, keys typed ahead during a reload, and the deploy screen.
extension DashboardTmuxTests {
    @Test("at 80×24: G to the last of 3,000 records, its form, q asks before losing a change, keys typed during a reload reach their dialog, the deploy screen")
    func newUserAt80x24() async throws {
        let session = try await TmuxSession(width: 80, height: 24)
        defer { session.stop() }
        try await session.waitFor("Record types [4]", "3,000")
        try await session.command("records Party")
        try await session.waitFor("Records of Party [3,000]", "party-1 ", "1/3,000")
        try await session.press("G")
        try await session.waitFor("3,000/3,000")
        try await session.press("Enter")
        try await session.waitFor("Record party-999 ", "Quiz night 999")
        try await session.press("e")
        try await session.waitFor("Edit party-", "recordName")
        try await session.press("j", "x")
        try await session.waitFor("1 field changed")
        try await session.press("q")
        try await session.waitFor("Quit and discard your changes?", "1 changed field of party-")
        try await session.press("n")
        try await session.waitFor("Cancelled: nothing was changed")
        try await session.press("Escape")
        try await session.waitFor("Discard your changes?")
        try await session.press("y")
        try await session.waitFor("Record party-999 ")

        try await session.command("fields Party")
        try await session.waitFor("Fields of Party [13]")
        try await session.press("a")
        try await session.type("mood")
        try await session.press("Enter")
        try await session.waitFor("Type of mood")
        try await session.press("Enter")
        try await session.waitFor("Indexes of mood")
        // The add, then at once a second add and its name: the keys arrive while the fields reload.
        try await session.press("Enter", "a")
        try await session.type("venue")
        try await session.press("Enter")
        try await session.waitFor("Type of venue", "mood ")
        try await session.press("Escape")
        try await session.waitFor("Cancelled: nothing was changed")

        try await session.command("deploy")
        try await session.waitFor("Deploy development to production", "mood")
    }
}
