import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// A zone's live changes driven against the demo server: records another client saves and deletes appear as
/// they happen.
@Suite("Zone changes: the live view", .heavy)
struct ZoneChangesScreenTests {
    private static let size = Size(width: 120, height: 24)

    /// A client of the demo user's private database, another client than the dashboard.
    private static func privateClient(_ demo: DemoServer) async throws -> CloudKitClient {
        demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private)
            .actingAsUser(recordName: try await demo.demoUser().userRecordName)
    }

    @Test("c on Receipts watches it: a receipt saved, changed and deleted by another client shows created, updated, deleted")
    func showsChanges() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            try await dashboard.press(.character("j"), .character("c"))
            #expect(dashboard.lines[1].contains("Changes in Receipts [0] · live"))
            #expect(!dashboard.screen.contains("receipt-1-1"), "the history before the view opened is listed")

            let client = try await Self.privateClient(demo)
            let receipts = ZoneID(zoneName: "Receipts")
            let saved = try await client.modifyRecords(saving: [Record(recordName: "receipt-live", recordType: "Receipt", fields: ["amount": .double(12.5)])], in: receipts)
            var record = try saved.saveResults[0].get()
            try await dashboard.waitUntil("the creation of receipt-live") { dashboard.screen.contains("receipt-live") }
            let created = try #require(dashboard.lines.first { $0.contains("receipt-live") })
            #expect(created.contains("created") && created.contains("Receipt") && created.contains(record.recordChangeTag ?? "?"))

            record.fields = ["amount": .double(13)]
            record = try await client.modifyRecords(saving: [record], in: receipts).saveResults[0].get()
            try await dashboard.waitUntil("the update of receipt-live") { dashboard.lines[1].contains("[2]") }
            let updated = try #require(dashboard.lines.first { $0.contains("receipt-live") })
            #expect(updated.contains("updated"))
            _ = try await client.modifyRecords(deleting: ["receipt-live"], in: receipts)
            try await dashboard.waitUntil("the deletion of receipt-live") { dashboard.lines[1].contains("[3]") }
            let deleted = try #require(dashboard.lines.first { $0.contains("receipt-live") })
            #expect(deleted.contains("deleted"))

            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "receipt-live was deleted: there is no record to open")
            try await dashboard.press(.character("c"))
            #expect(dashboard.lines[1].contains("Changes in Receipts [0]"))
            try await dashboard.press(.escape)
            #expect(!dashboard.app.work.isWaiting, "the change feed is still polled after the view was left")
        }
    }

    @Test("the public database keeps no change history: the view says so")
    func publicDatabase() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("changes")
            #expect(dashboard.screen.contains("The public database keeps no change history"))
            #expect(!dashboard.app.work.isWaiting)
        }
    }

    @Test("the live view with a change against the goldens", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("changes Receipts")
            let client = try await Self.privateClient(demo)
            let saved = try await client.modifyRecords(saving: [Record(recordName: "receipt-live", recordType: "Receipt")], in: ZoneID(zoneName: "Receipts"))
            let tag = try saved.saveResults[0].get().recordChangeTag ?? "?"
            try await dashboard.waitUntil("the creation of receipt-live") { dashboard.lines[1].contains("[1]") }
            try Golden.expect(dashboard.linesWithoutTimes.map { $0.replacingOccurrences(of: tag, with: String(repeating: "#", count: tag.count)) },
                              matches: "zone-changes-\(size.width)x\(size.height)")
            dashboard.app.work.cancelAll()
        }
    }
}
