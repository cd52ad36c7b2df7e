import CKServer
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The Core Data screens against their goldens, on the demo's `iCloud.com.example.TravelJournal`.
extension ScreenGoldenTests {
    @Test("a Core Data model against production: the missing field development has, in full", arguments: sizes)
    func model(size: Size) async throws {
        try #require(FileManager.default.fileExists(atPath: "Demo/Journal.xcdatamodeld"), "the tests run from the package's folder")
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("container \(EmbeddedServer.journalContainer.rawValue)")
            try await dashboard.command("model Demo/Journal.xcdatamodeld")
            try await dashboard.waitUntil("the check") { dashboard.lines[1].contains("[1]") }
            try Golden.expect(dashboard.lines, matches: "model-\(size.width)x\(size.height)")
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "model-problem-\(size.width)x\(size.height)")
        }
    }
}
