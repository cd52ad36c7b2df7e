import CKModel
import TerminalKit
import Testing

@testable import Dashboard

/// What the deploy screen's tabs say, from fixtures: the grouped diff in colour and the unified `.ckdb` listing.
@Suite("The deploy screen's lines")
struct DeployLinesTests {
    @Test("a blocked change comes first, in the error colour, with how to fix it; the heading says production refuses")
    func blocked() {
        let changes = [
            ManagementSchema.Change(changeClass: "safe", change: "fieldAdded", recordType: "Party", field: "theme", summary: "add field Party.theme STRING", reason: nil),
            ManagementSchema.Change(
                changeClass: "blocked", change: "fieldRemoved", recordType: "Party", field: "name", summary: "remove field Party.name",
                reason: "fields in production can never be removed; keep Party.name in development and stop writing it"),
        ]
        let review = DeployReview(diff: ManagementSchema.DiffResponse(digest: "abc", changes: changes), production: "", development: "", warnings: [])
        let lines = DeployLines.changes(review, container: "iCloud.com.example.Party")
        #expect(Array(lines.prefix(6)) == [
            ColoredText.Line("Deploying development to production of iCloud.com.example.Party: 2 changes, 1 blocked: production refuses this deploy", .error),
            ColoredText.Line("Blocked changes (1)", .title),
            ColoredText.Line("  x remove field Party.name", .error),
            ColoredText.Line("      fields in production can never be removed; keep Party.name in development and stop writing it", .warning),
            ColoredText.Line("Safe additions (1)", .title),
            ColoredText.Line("  + add field Party.theme STRING", .success),
        ])
        #expect(lines.last == ColoredText.Line("digest abc", .muted))
    }

    @Test("the .ckdb listing keeps every line of both texts, removed ones marked - and added ones +")
    func comparison() {
        let comparison = TextComparison(old: "a\nb\nc\n", new: "a\nB\nc\nd\n", oldName: "production", newName: "development")
        #expect(comparison.legend == [
            ColoredText.Line("- production", .error), ColoredText.Line("  + development", .success),
            ColoredText.Line("  1 line only in production, 2 only in development", .muted),
        ])
        #expect(comparison.lines == [
            ColoredText.Line("  a"),
            ColoredText.Line("- b", .error, isChange: true),
            ColoredText.Line("+ B", .success, isChange: true),
            ColoredText.Line("  c"),
            ColoredText.Line("+ d", .success, isChange: true),
        ])
        let same = TextComparison(old: "a\n", new: "a\n", oldName: "production", newName: "development").legend
        #expect(same[2] == ColoredText.Line("  the same text: nothing differs", .muted))
    }
}
