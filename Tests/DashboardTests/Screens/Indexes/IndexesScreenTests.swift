import CKModel
import CKSchema
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The indexes screen driven with keys against the demo server: every index with its entries and size, adding
/// one by picking type, field and kind, and dropping one after a confirmation.
@Suite("The indexes screen", .heavy)
struct IndexesScreenTests {
    private static let size = Size(width: 120, height: 40)

    @Test(":indexes and i on the record types screen list every index with its entries and size; Enter opens the type's fields")
    func listing() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.press(.character("i"))
            #expect(dashboard.app.top is IndexesScreen)
            let statistics = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).statistics()
            let name = try #require(statistics.recordTypes.first { $0.name == "Party" }?.indexes.first { $0.field == "name" && $0.index == "SEARCHABLE" })
            let row = try #require(dashboard.lines.first { $0.contains("Party") && $0.contains("name") && $0.contains("SEARCHABLE") })
            #expect(row.contains(Counting.grouped(name.entries)) && row.contains(Counting.size(name.bytes)))
            #expect(dashboard.screen.contains("___recordID"))
            try await dashboard.press(.escape)
            try await dashboard.command("indexes")
            try await dashboard.press(.character("/"))
            try await dashboard.type("Receipt.amount")
            try await dashboard.press(.enter, .enter)
            #expect(dashboard.screen.contains("Fields of Receipt"))
        }
    }

    @Test("a picks the record type, a field that can take an index and the kind, then adds it in development")
    func addIndex() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("indexes")
            try await dashboard.press(.character("a"))
            #expect(dashboard.screen.contains("Add an index to"))
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Field of Party"))
            #expect(dashboard.screen.contains("STRING · can add QUERYABLE SORTABLE SEARCHABLE"))
            #expect(!dashboard.screen.contains("invitation"), "an ASSET field was offered an index")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Index on Party.background"))
            try await dashboard.press(.character("j"), .enter)
            #expect(dashboard.app.status?.text == "Development: add SORTABLE index on Party.background")
            let schema = try await SchemaEditingTests.schema(demo)
            #expect(schema.recordType(named: "Party")?.field(named: "background")?.indexes == [.sortable])
            #expect(dashboard.lines.contains { $0.contains("background") && $0.contains("SORTABLE") })
        }
    }

    @Test("d names what the index stores and the queries that then fail, and drops it once confirmed")
    func dropIndex() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("indexes")
            try await dashboard.press(.character("/"))
            try await dashboard.type("Party.tags")
            try await dashboard.press(.enter, .character("d"))
            #expect(dashboard.screen.contains("Drop QUERYABLE on Party.tags?"))
            #expect(dashboard.screen.contains("equality, list and prefix filters on tags"))
            try await dashboard.press(.character("y"))
            #expect(try await SchemaEditingTests.schema(demo).recordType(named: "Party")?.field(named: "tags")?.indexes == [])
            #expect(dashboard.screen.contains("Indexes [0] /Party.tags"))
        }
    }
}
