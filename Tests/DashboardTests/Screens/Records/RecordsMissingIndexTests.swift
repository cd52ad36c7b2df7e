import CKModel
import CKSchema
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// A records query the server refuses for a missing index offers one key that adds that index in development
/// and runs the query again.
@Suite("The records screen's missing index", .heavy)
struct RecordsMissingIndexTests {
    @Test("the server's refusal names the index, I adds exactly it and the records come")
    func addMissingIndex() async throws {
        try await DemoServer.run { demo in
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await client.editSchema([ManagementSchema.Edit(.dropIndex, recordType: "Party", field: "___recordID", index: "QUERYABLE")])
            let dashboard = DashboardHarness(demo, size: Size(width: 120, height: 30))
            try await dashboard.start()
            try await dashboard.command("records Party")
            #expect(dashboard.screen.contains("Field 'recordName' is not marked queryable"))
            #expect(dashboard.screen.contains("The query needs QUERYABLE on ___recordID in development: I adds it and runs the query again"))
            try await dashboard.press(.character("I"))
            #expect(try await SchemaEditingTests.schema(demo).recordType(named: "Party")?.field(named: "___recordID")?.indexes == [.queryable])
            #expect(!dashboard.screen.contains("not marked queryable"))
            let records = try #require(dashboard.app.top as? RecordsScreen)
            #expect(records.selectedRecord != nil)
        }
    }

    @Test("a quick filter refused for a missing index offers I, which adds exactly it and applies the filter")
    func quickFilter() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Size(width: 120, height: 30))
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("/"))
            try await dashboard.type("background == #264653")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "background is not QUERYABLE in Party: the query needs that index: I adds it in development and applies the filter")
            try await dashboard.press(.character("I"))
            #expect(try await SchemaEditingTests.schema(demo).recordType(named: "Party")?.field(named: "background")?.indexes == [.queryable])
            #expect(dashboard.lines[1].contains("Records of Party /background == #264653"), "\(dashboard.screen)")
            let rows = dashboard.lines.filter { $0.hasPrefix("│ party-") || $0.hasPrefix("│▸party-") }
            #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("#264653") }, "\(dashboard.screen)")
        }
    }

    @Test("I with nothing refused says so and changes nothing")
    func nothingMissing() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("I"))
            #expect(dashboard.app.status?.text == "No index is missing: the server did not refuse this query for one")
        }
    }
}
