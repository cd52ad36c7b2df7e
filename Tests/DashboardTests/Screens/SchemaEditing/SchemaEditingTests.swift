import CKModel
import CKSchema
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// Creating and deleting record types, adding and removing fields and turning indexes on and off, driven with
/// keys against the demo server, each checked on screen and in the server's development schema.
@Suite("Schema editing on the record types and fields screens", .heavy)
struct SchemaEditingTests {
    private static let size = Size(width: 120, height: 32)

    /// The demo container's schema in `environment`, as the server has it now.
    static func schema(_ demo: DemoServer, _ environment: ContainerEnvironment = .development) async throws -> Schema {
        try await demo.client.addressing(EmbeddedServer.demoContainer, environment: environment).parsedSchema()
    }

    /// A started dashboard of the demo on the record types screen of `environment`.
    private static func dashboard(_ demo: DemoServer, environment: ContainerEnvironment = .development) async throws -> DashboardHarness {
        let dashboard = DashboardHarness(demo, size: size, environment: environment)
        try await dashboard.start()
        return dashboard
    }

    @Test("n asks a name, refuses one that cannot be with the reason, then creates the type and selects it")
    func createRecordType() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo)
            try await dashboard.press(.character("n"))
            #expect(dashboard.screen.contains("Name of the record type to create in development:"))
            try await dashboard.type("_Note")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.hasPrefix("Cannot create it: the record type name \"_Note\" starts with an underscore") == true)
            #expect(dashboard.screen.contains("New record type"), "the prompt closed after a name that cannot be")
            try await dashboard.press(.control("u"))
            try await dashboard.type("Note")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.hasPrefix("Development: add record type Note") == true)
            let screen = try #require(dashboard.app.top as? RecordTypesScreen)
            #expect(screen.list.selected?.name == "Note")
            #expect(dashboard.screen.contains("Record types [5]"))
            #expect(try await Self.schema(demo).recordType(named: "Note") != nil)
        }
    }

    @Test("d names the records a type has and needs its name typed, the server refuses a type production has; an empty type asks yes or no")
    func deleteRecordType() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo)
            try await dashboard.press(.character("j"), .character("j"), .character("d"))
            #expect(dashboard.screen.contains("Delete record type Shoebox?"))
            #expect(dashboard.screen.contains("Shoebox has 50 records in"))
            #expect(dashboard.screen.contains("Type Shoebox to confirm."))
            try await dashboard.type("Shoebox")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.hasPrefix("Deleting record type Shoebox failed: ") == true)
            #expect(dashboard.app.status?.text.contains("the schema would lose what production has") == true)
            #expect(try await Self.schema(demo).recordType(named: "Shoebox") != nil)

            try await dashboard.press(.character("n"))
            try await dashboard.type("Draft")
            try await dashboard.press(.enter, .character("d"))
            #expect(dashboard.screen.contains("Delete record type Draft?"))
            #expect(dashboard.screen.contains("Draft has 0 records in"))
            #expect(!dashboard.screen.contains("to confirm."))
            try await dashboard.press(.escape)
            #expect(dashboard.app.status?.text == "Cancelled: nothing was changed")
            try await dashboard.press(.character("d"), .character("y"))
            #expect(try await Self.schema(demo).recordType(named: "Draft") == nil)
            #expect(dashboard.screen.contains("Record types [4]"))
            #expect(dashboard.app.status?.text == "Development: remove record type Draft")
        }
    }

    @Test("a adds a field: its name, a type from every type with lists and encrypted forms, then its indexes")
    func addField() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo)
            try await dashboard.command("fields Party")
            try await dashboard.press(.character("a"))
            try await dashboard.type("mood")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Type of mood"))
            #expect(dashboard.screen.contains("LIST<ENCRYPTED STRING>"))
            // STRING, LIST<STRING>: the second (the picker filters as you type: arrows move).
            try await dashboard.press(.down, .enter)
            #expect(dashboard.screen.contains("Indexes of mood"))
            #expect(dashboard.screen.contains("[ ] QUERYABLE") && dashboard.screen.contains("[ ] SEARCHABLE") && !dashboard.screen.contains("[ ] SORTABLE"))
            try await dashboard.press(.character(" "), .enter)
            #expect(dashboard.app.status?.text.hasPrefix("Development: add field Party.mood") == true)
            let row = try #require(dashboard.lines.first { $0.contains("mood") })
            #expect(row.contains("LIST<STRING>") && row.contains("✓"))
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "mood") == Field("mood", .list(.string), indexes: [.queryable]))

            // ENCRYPTED STRING, the third, can carry no index: no checklist.
            try await dashboard.press(.character("a"))
            try await dashboard.type("secret")
            try await dashboard.press(.enter, .down, .down, .enter)
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "secret") == Field("secret", FieldType(.encrypted(.string))))
        }
    }

    @Test("a and a name typed while the fields reload after an add reach the name dialog, not the screen's keys")
    func typeAheadAfterAdd() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo)
            try await dashboard.command("fields Party")
            try await dashboard.press(.character("a"))
            try await dashboard.type("mood")
            try await dashboard.press(.enter, .enter)
            dashboard.send(.key(.enter))
            let deadline = ContinuousClock.now + .seconds(20)
            while !dashboard.app.top.isLoading {
                try #require(ContinuousClock.now < deadline, "the fields never reloaded after the add")
                try await Task.sleep(for: .milliseconds(1))
                dashboard.app.deliverFinishedWork()
            }
            dashboard.send(.key(.character("a")))
            try await dashboard.settle()
            for key in "venue".map(Key.character) + [.enter] {
                dashboard.send(.key(key))
            }
            try await dashboard.settle()
            #expect(dashboard.screen.contains("Type of venue"), "\(dashboard.screen)")
            let names = try await Self.schema(demo).recordType(named: "Party")?.fields.map(\.name) ?? []
            #expect(names.count == 14 && names.contains("mood"), "\(names)")
        }
    }

    @Test("d removes the selected field after asking; a field production has, or a system field, says why it stays without asking")
    func removeField() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo)
            try await dashboard.command("fields Party")
            try await dashboard.press(.character("d"))
            #expect(dashboard.app.status?.text
                == "Production has Party.background: fields in production can never be removed; keep Party.background in development and stop writing it")
            #expect(dashboard.confirmation == nil)
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "background") != nil)
            try await dashboard.press(.character("/"))
            try await dashboard.type("rsvp")
            try await dashboard.press(.enter, .character("d"))
            #expect(dashboard.screen.contains("Remove field rsvpCount from Party?"))
            #expect(dashboard.screen.contains("(INT64, QUERYABLE, SORTABLE)"))
            try await dashboard.press(.character("y"))
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "rsvpCount") == nil)
            #expect(dashboard.screen.contains("Fields of Party [0] /rsvp"))
            try await dashboard.press(.escape, .end, .character("d"))
            #expect(dashboard.app.status?.text == "___recordID is a system field: every record has it, so it cannot be removed")
        }
    }

    @Test("1, 2 and 3 add or drop QUERYABLE, SORTABLE and SEARCHABLE; an index the type cannot carry says why")
    func toggleIndexes() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo)
            try await dashboard.command("fields Party")
            try await dashboard.press(.character("1"))
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "background")?.indexes == [.queryable])
            try await dashboard.press(.character("3"), .character("2"))
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "background")?.indexes == [.queryable, .searchable, .sortable])
            try await dashboard.press(.character("1"))
            #expect(try await Self.schema(demo).recordType(named: "Party")?.field(named: "background")?.indexes == [.searchable, .sortable])
            #expect(dashboard.app.status?.text == "Development: drop QUERYABLE index on Party.background")
            // background, date: SEARCHABLE on a TIMESTAMP.
            try await dashboard.press(.character("j"), .character("3"))
            #expect(dashboard.app.status?.text.hasPrefix("Cannot add SEARCHABLE on date: SEARCHABLE is a text index") == true)
        }
    }

    @Test("in production every schema key says why not, even unlocked, and nothing changes")
    func refusedInProduction() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.dashboard(demo, environment: .production)
            let before = try await Self.schema(demo, .production)
            try await dashboard.press(.character("n"))
            #expect(dashboard.app.status?.text == "Production changes only by deploy: make the change in development (:env dev), then deploy it")
            try await dashboard.press(.character("d"))
            #expect(dashboard.app.status?.text == "Production changes only by deploy; record types in production can never be deleted")
            try await dashboard.command("unlock")
            try await dashboard.type("iCloud.com.example.Party")
            try await dashboard.press(.enter)
            try await dashboard.command("fields Party")
            try await dashboard.press(.character("d"))
            #expect(dashboard.app.status?.text == "Production changes only by deploy; fields in production can never be removed")
            for key in ["a", "1", "2", "3"] {
                try await dashboard.press(.character(Character(key)))
                #expect(dashboard.app.status?.text.hasPrefix("Production changes only by deploy") == true, "\(key) did not say why")
            }
            try await dashboard.command("indexes")
            for key in ["a", "d"] {
                try await dashboard.press(.character(Character(key)))
                #expect(dashboard.app.status?.text == "Production changes only by deploy: change indexes in development (:env dev), then deploy them")
            }
            #expect(try await Self.schema(demo, .production) == before)
        }
    }

    @Test("lint warnings are counted beside their type, the selected type's shown under the table, and listed on its fields")
    func lintWarnings() async throws {
        try await DemoServer.run { demo in
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await client.editSchema([ManagementSchema.Edit(.addField, recordType: "Party", field: "score", fieldType: "INT64", indexes: ["SORTABLE"])])
            let dashboard = try await Self.dashboard(demo)
            let party = try #require(dashboard.lines.first { $0.contains("Party") && $0.contains("3,000") })
            #expect(party.hasSuffix("⚠ 2│"))
            #expect(dashboard.screen.contains("│⚠ Party.___createTime is SORTABLE but not QUERYABLE: sorting and ranges work, equality filters fail (1 more: f lists …│"))
            try await dashboard.press(.character("f"))
            #expect(dashboard.screen.contains("─ 2 lint warnings ─"))
            #expect(dashboard.screen.contains("⚠ Party.score is SORTABLE but not QUERYABLE: sorting and ranges work, equality filters fail"))
            try await dashboard.press(.character("/"))
            try await dashboard.type("score")
            try await dashboard.press(.enter, .character("1"))
            #expect(dashboard.screen.contains("─ 1 lint warning ─"))
            #expect(!dashboard.screen.contains("Party.score is"))
        }
    }
}
