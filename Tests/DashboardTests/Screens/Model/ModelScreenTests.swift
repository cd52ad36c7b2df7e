import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// `:model` against the Core Data demo: production lacks the field the model gained, development has it; a field
/// neither has is added to development with `a`, and the check then says only a deploy is left.
@Suite("Model: a Core Data model beside the container's schema", .heavy)
struct ModelScreenTests {
    private static let size = Size(width: 160, height: 30)
    static let journal = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Demo/Journal.xcdatamodeld")

    @Test("production lacks Entry.mood, which development has: a says so and D opens the deploy screen")
    func missingInProduction() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("container \(EmbeddedServer.journalContainer.rawValue)")
            try await dashboard.command("model \(Self.journal.path)")
            try await dashboard.waitUntil("the check") { dashboard.lines[1].contains("Model Journal.xcdatamodeld against production [1]") }
            let row = try #require(dashboard.lines.first { $0.contains("Entry.mood") })
            #expect(row.contains("error") && row.contains("CD_Entry lacks CD_mood (INT64)") && row.contains("to deploy"), "\(row)")
            #expect(dashboard.screen.contains("1 error, 0 warnings"))
            try await dashboard.press(.character("a"))
            #expect(dashboard.app.status?.text.contains("Development has Entry.mood already") == true)
            try await dashboard.press(.character("D"))
            try await dashboard.waitUntil("the deploy screen") { dashboard.lines[1].contains("Deploy development to production") }
            try await dashboard.waitUntil("its diff") { dashboard.screen.contains("CD_mood") }
        }
    }

    @Test("a field neither environment has: a adds it to development as the model mirrors it; e checks development")
    func addingToDevelopment() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let contents = try String(contentsOf: Self.journal.appendingPathComponent("Journal.xcdatamodel/contents"), encoding: .utf8)
        let model = folder.appendingPathComponent("contents")
        try contents.replacingOccurrences(
            of: "<attribute name=\"mood\"", with: "<attribute name=\"weather\" optional=\"YES\" attributeType=\"Integer 32\"/>\n        <attribute name=\"mood\""
        ).write(to: model, atomically: true, encoding: .utf8)
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("container \(EmbeddedServer.journalContainer.rawValue)")
            try await dashboard.command("model \(model.path)")
            try await dashboard.waitUntil("the check") { dashboard.lines[1].contains("against production [2]") }
            try await dashboard.press(.character("/"))
            try await dashboard.type("weather")
            try await dashboard.press(.enter, .character("a"))
            try await dashboard.waitUntil("the field added") { dashboard.app.status?.text.hasPrefix("Added CD_Entry.CD_weather to development") == true }
            try await dashboard.waitUntil("the check again") { dashboard.lines.first { $0.contains("Entry.weather") }?.contains("to deploy") == true }
            let development = try await demo.client.addressing(EmbeddedServer.journalContainer, environment: .development).parsedSchema(of: .development)
            #expect(development.recordType(named: "CD_Entry")?.field(named: "CD_weather")?.type == .value(.int64))
            try await dashboard.press(.escape, .character("e"))
            try await dashboard.waitUntil("development's check") { dashboard.lines[1].contains("against development [0]") }
            #expect(dashboard.screen.contains("0 errors, 0 warnings"))
        }
    }
}
