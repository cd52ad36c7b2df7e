import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The query builder driven with keys through `DashboardApp` on a `MemoryTerminal`, against the demo server.
@Suite("The query builder, driven as a user drives it", .heavy)
struct QueryBuilderScreenTests {
    private static let size = Size(width: 110, height: 32)

    /// A dashboard of the demo on the query builder of `recordType`.
    private static func builder(_ demo: DemoServer, of recordType: String = "Party", savedQueriesFolder: URL? = nil) async throws -> DashboardHarness {
        let dashboard = DashboardHarness(demo, size: size, savedQueriesFolder: savedQueriesFolder)
        try await dashboard.start()
        try await dashboard.command("query \(recordType)")
        return dashboard
    }

    /// Presses `j` `count` times.
    private static func down(_ count: Int, in dashboard: DashboardHarness) async throws {
        for _ in 0..<count { try await dashboard.press(.character("j")) }
    }

    /// Adds a filter on Party's field at `position` in the field picker (background, date, location, name,
    /// rsvpCount: 0 to 4), with its first comparator, and types `value`.
    private static func addFilter(on position: Int, value: String, in dashboard: DashboardHarness) async throws {
        try await dashboard.press(.character("a"))
        try await down(position, in: dashboard)
        try await dashboard.press(.enter)
        try await dashboard.type(value)
        try await dashboard.press(.enter)
    }

    /// The line of the frame that shows `text`.
    private static func line(with text: String, in dashboard: DashboardHarness) throws -> String {
        try #require(dashboard.lines.first { $0.contains(text) }, "no line shows \(text)")
    }

    @Test("a filter built with the pickers and the value editor shows its index and runs in the records table")
    func buildAndRun() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.builder(demo)
            #expect(dashboard.screen.contains("Query Party"))
            #expect(dashboard.screen.contains("+ add a filter (none: every record)"))
            try await dashboard.press(.character("a"))
            #expect(dashboard.screen.contains("Filter on"))
            #expect(dashboard.screen.contains("INT64 · QUERYABLE SORTABLE"))
            try await Self.down(4, in: dashboard)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Value of rsvpCount =="))
            try await dashboard.type("ten")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("not a valid INT64"))
            try await dashboard.press(.control("u"))
            try await dashboard.type("100")
            try await dashboard.press(.enter, .left, .enter)
            #expect(dashboard.screen.contains("Compare rsvpCount (INT64)"))
            // ==, !=, <, <=, >, >=: the sixth.
            try await Self.down(5, in: dashboard)
            try await dashboard.press(.enter)
            let row = try Self.line(with: "rsvpCount", in: dashboard)
            #expect(row.contains(">=") && row.contains("100") && row.contains("✓"))
            try await dashboard.press(.character("R"))
            let records = try #require(dashboard.app.top as? RecordsScreen)
            #expect(records.query.filterBy == [Filter(.field("rsvpCount"), .greaterThanOrEquals, .int64(100))])
            #expect(dashboard.lines[1].contains("Records of Party where rsvpCount >= 100"), "\(dashboard.lines[1])")
            guard case .int64(let count)? = records.selectedRecord?.fields?["rsvpCount"] else {
                Issue.record("the first record has no rsvpCount")
                return
            }
            #expect(count >= 100)
        }
    }

    @Test("a filter on a field without its index says so beside the row, and Run refuses with the reason")
    func missingIndex() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.builder(demo)
            try await Self.addFilter(on: 0, value: "#264653", in: dashboard)
            let row = try Self.line(with: "background", in: dashboard)
            #expect(row.contains("#264653") && row.contains("needs QUERYABLE on background"))
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.top is QueryBuilderScreen)
            #expect(dashboard.app.status?.text
                == "Cannot run: the query needs QUERYABLE on background in development: I adds it and runs the query again (r fetches the schema again if it changed)")
        }
    }

    @Test("I adds exactly the missing index in development and runs the query")
    func addMissingIndex() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.builder(demo)
            try await dashboard.press(.character("I"))
            #expect(dashboard.app.status?.text == "No index is missing for this query: R runs it")
            try await Self.addFilter(on: 0, value: "#264653", in: dashboard)
            try await dashboard.press(.character("I"))
            let schema = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).parsedSchema()
            #expect(schema.recordType(named: "Party")?.field(named: "background")?.indexes == [.queryable])
            let records = try #require(dashboard.app.top as? RecordsScreen)
            #expect(records.query.filterBy == [Filter(.field("background"), .equals, .string("#264653"))])
            #expect(dashboard.screen.contains("Records of Party"))
            #expect(!dashboard.screen.contains("not marked queryable"))
        }
    }

    @Test("in production I says the index is added in development and deployed, and changes nothing")
    func missingIndexInProduction() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, environment: .production)
            try await dashboard.start()
            try await dashboard.command("query Party")
            try await Self.addFilter(on: 0, value: "#264653", in: dashboard)
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.status?.text.hasSuffix("in production: add it in development and deploy it (r fetches the schema again if it changed)") == true)
            try await dashboard.press(.character("I"))
            #expect(dashboard.app.status?.text == "Production changes only by deploy: change indexes in development (:env dev), then deploy them")
            let schema = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .production).parsedSchema()
            #expect(schema.recordType(named: "Party")?.field(named: "background")?.indexes == [])
        }
    }

    @Test("fields to return and a limit shape the run; J and C show the JSON request and the command, y copies each")
    func fieldsLimitJSONAndCommand() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.builder(demo)
            // Rows: add a filter, add a sort key, fields, limit, run.
            try await Self.down(2, in: dashboard)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Fields to return (none ticked: all)"))
            // background, date, invitation, location, name: the fifth.
            try await Self.down(4, in: dashboard)
            try await dashboard.press(.character(" "), .enter)
            try await dashboard.press(.character("j"), .enter)
            try await dashboard.type("5")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("$ ckdash records query --container iCloud.com.example.Party"))
            try await dashboard.press(.character("J"))
            #expect(dashboard.screen.contains("JSON request: POST /database/1/iCloud.com.example.Party/development/public/records/query"))
            try await dashboard.press(.character("y"))
            let json = try #require(dashboard.terminal.clipboard)
            let request = try JSONValueDecoder().decode(RecordsQuery.Request.self, from: Array(json.utf8))
            #expect(request.resultsLimit == 5 && request.desiredKeys == ["name"] && request.query == Query(recordType: "Party"))
            try await dashboard.press(.escape, .character("C"))
            #expect(dashboard.screen.contains("Command line"))
            try await dashboard.press(.character("y"), .escape)
            #expect(dashboard.terminal.clipboard == """
                ckdash records query --container iCloud.com.example.Party --environment development --database public --type Party \
                --fields name --limit 5
                """)
            try await dashboard.press(.character("R"))
            #expect(dashboard.screen.contains("Records of Party [5]"))
            let records = try #require(dashboard.app.top as? RecordsScreen)
            #expect(records.paging.desiredKeys == ["name"] && records.paging.resultsLimit == 5)
            #expect(records.selectedRecord?.fields?.keys.sorted() == ["name"])
            #expect(dashboard.lines[2].contains("name") && !dashboard.lines[2].contains("date"))
        }
    }

    @Test("S saves the query in the container's file, L loads it back in another session, and a broken file says what is wrong")
    func saveAndLoad() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await DemoServer.run { demo in
            let first = try await Self.builder(demo, savedQueriesFolder: folder)
            try await Self.addFilter(on: 3, value: "Picnic 1", in: first)
            try await first.press(.character("S"))
            try await first.type("first picnic")
            try await first.press(.enter)
            let file = folder.appendingPathComponent("iCloud.com.example.Party.json")
            #expect(first.app.status?.text == "Saved the query first picnic in \(file.path)")
            #expect(first.screen.contains("Query Party · first picnic"))

            let second = try await Self.builder(demo, of: "Shoebox", savedQueriesFolder: folder)
            try await second.press(.character("L"))
            #expect(second.screen.contains("first picnic") && second.screen.contains("Party · 1 filter"))
            try await second.press(.enter)
            #expect(second.screen.contains("Query Party · first picnic"))
            let row = try Self.line(with: "Picnic 1", in: second)
            #expect(row.contains("name") && row.contains("==") && row.contains("✓"))

            try Data("{ nope".utf8).write(to: file)
            try await second.press(.character("L"))
            #expect(second.app.status?.text.hasPrefix("\(file.path) is not JSON") == true)
        }
    }

    @Test("the builder against its goldens: filters with their index notes, a sort key, fields, limit, the command, and the JSON view",
          arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("query Party")
            let builder = try #require(dashboard.app.top as? QueryBuilderScreen)
            builder.draft = QueryDraft(
                recordType: "Party",
                query: Query(
                    recordType: "Party",
                    filterBy: [
                        Filter(.field("rsvpCount"), .greaterThanOrEquals, .int64(100)),
                        Filter(.field("location"), .near, .location(Location(latitude: 48.8, longitude: 2.25)), distance: 3000),
                        Filter(.field("background"), .equals, .string("#264653")),
                        Filter(.field("date"), .lessThan, .timestamp(Timestamp(millisecondsSince1970: 1_772_323_200_000))),
                    ],
                    sortBy: [SortDescriptor(.field("date"), ascending: false)]),
                desiredKeys: ["name", "date"], resultsLimit: 100)
            try await dashboard.press(.character("j"))
            try Golden.expect(dashboard.lines, matches: "query-builder-\(size.width)x\(size.height)")
            try await dashboard.press(.character("J"))
            try Golden.expect(dashboard.lines, matches: "query-builder-json-\(size.width)x\(size.height)")
        }
    }

    @Test("switching to production keeps the rows and checks them against production's schema")
    func switchingEnvironment() async throws {
        try await DemoServer.run { demo in
            let dashboard = try await Self.builder(demo)
            try await Self.addFilter(on: 4, value: "10", in: dashboard)
            #expect(try Self.line(with: "rsvpCount", in: dashboard).contains("✓"))
            try await dashboard.command("env production")
            let builder = try #require(dashboard.app.top as? QueryBuilderScreen)
            #expect(builder.session.environment == .production)
            #expect(try Self.line(with: "rsvpCount", in: dashboard).contains("no field rsvpCount in production"))
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.status?.text == "Cannot run: Party has no field rsvpCount in production")
        }
    }

    @Test("Q opens the builder on the selected type, on a type's fields, and on the records shown with their filter")
    func openedWithQ() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.press(.character("Q"))
            #expect(dashboard.screen.contains("Query Party"))
            try await dashboard.press(.escape, .character("f"), .character("Q"))
            #expect(dashboard.screen.contains("Query Party"))
            try await dashboard.press(.escape, .escape, .enter, .character("/"))
            try await dashboard.type("Pic")
            try await dashboard.press(.enter, .character("Q"))
            let builder = try #require(dashboard.app.top as? QueryBuilderScreen)
            #expect(builder.draft.filters == [.init(field: .field("name"), comparator: .beginsWith, value: .string("Pic"))])
            let row = try Self.line(with: "BEGINS_WITH", in: dashboard)
            #expect(row.contains("name") && row.contains("Pic") && row.contains("✓"))
            #expect(dashboard.app.knownNames.completions(for: "query P").contains { $0.text == "query Party" })
        }
    }
}
