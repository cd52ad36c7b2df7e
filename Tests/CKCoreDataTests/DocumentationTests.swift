import CKCoreData
import Foundation
import Testing

/// docs/core-data.md names every choice of the mirroring that no source confirms, as the code does.
@Suite("Core Data models: the unconfirmed choices are documented")
struct DocumentationTests {
    @Test("each MirroringAssumption is a line of docs/core-data.md, and the list there has no other")
    func assumptionsAreDocumented() throws {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/core-data.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### What no source confirms").last?.components(separatedBy: "\n## ").first)
        let listed = section.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
        #expect(listed == MirroringAssumption.allCases.map(\.summary))
    }
}
