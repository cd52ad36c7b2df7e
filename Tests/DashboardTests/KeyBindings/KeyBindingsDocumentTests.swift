import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// docs/dashboard.md lists every key of every screen, as the binding tables say.
@Suite("The key tables of docs/dashboard.md")
struct KeyBindingsDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/dashboard.md").standardizedFileURL

    @Test("docs/dashboard.md holds the tables made from the binding tables (CKDASH_UPDATE_GOLDENS=1 rewrites them)")
    func documentIsCurrent() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- keys:begin -->\n"))
        let end = try #require(text.range(of: "<!-- keys:end -->"))
        let current = String(text[begin.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["CKDASH_UPDATE_GOLDENS"] == "1" {
            try (text[..<begin.upperBound] + KeyBindingsDocument.markdown + text[end.lowerBound...]).write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == KeyBindingsDocument.markdown)
    }

    @Test("no screen binds one key to two actions, and every binding says what it does")
    func tablesAreSound() {
        for (title, keys) in KeyBindingsDocument.screens {
            let table = keys.appending(AppBindings.table)
            #expect(table.conflicts.isEmpty, "\(title): \(table.conflicts)")
            #expect(keys.bindings.allSatisfy { !$0.help.isEmpty && !$0.label.isEmpty }, "\(title)")
        }
    }
}
