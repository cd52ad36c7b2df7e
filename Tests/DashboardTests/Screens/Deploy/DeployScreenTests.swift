import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The deploy screen against the demo server, whose development adds `Party.rsvpCount` and a SORTABLE index on
/// `Receipt.merchant` to production: what the user sees, and what the server did.
@Suite("Promotion to production: the deploy screen", .heavy)
struct DeployScreenTests {
    static let container = EmbeddedServer.demoContainer.rawValue

    /// Runs `body` with the deploy screen open on a fresh demo, on a terminal of 120×40.
    static func onDeployScreen(_ body: (DemoServer, DashboardHarness) async throws -> Void) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Size(width: 120, height: 40))
            try await dashboard.start()
            try await dashboard.command("deploy")
            try await body(demo, dashboard)
        }
    }

    @Test(":deploy groups the diff by class with the lint warnings, the .ckdb tab marks the added lines, the history tab lists the demo's deploy")
    func review() async throws {
        try await Self.onDeployScreen { _, dashboard in
            let screen = dashboard.screen
            #expect(screen.contains("2 changes, none blocked"))
            #expect(screen.contains("Safe additions (1)"))
            #expect(screen.contains("+ add field Party.rsvpCount INT64 QUERYABLE SORTABLE"))
            #expect(screen.contains("Index changes (1)"))
            #expect(screen.contains("~ add SORTABLE index on Receipt.merchant"))
            #expect(screen.contains("Blocked changes: none"))
            #expect(screen.contains("Permission changes: none"))
            #expect(screen.contains("Lint warnings of development"))
            try await dashboard.press(.tab)
            #expect(dashboard.screen.contains("- production  + development  1 line only in production, 2 only in development"))
            #expect(dashboard.lines.contains { $0.contains("+         rsvpCount       INT64 QUERYABLE SORTABLE,") })
            try await dashboard.press(.character("/"))
            try await dashboard.type("merchant")
            try await dashboard.press(.enter)
            let removed = try #require(dashboard.lines.firstIndex { $0.contains("-         merchant        STRING QUERYABLE,") })
            #expect(dashboard.lines[removed + 1].contains("+         merchant        STRING QUERYABLE SORTABLE,"))
            let theme = dashboard.app.theme
            #expect(dashboard.terminal.frame[1, removed].style == theme.style(.error))
            #expect(dashboard.terminal.frame[1, removed + 1].style == theme.style(.success))
            try await dashboard.press(.character("C"))
            #expect(dashboard.lines[7].contains("+         rsvpCount"), "C goes to the previous change, three lines below the top")
            try await dashboard.press(.character("c"))
            #expect(dashboard.lines.contains { $0.contains("-         merchant") }, "c goes to the next change")
            try await dashboard.press(.tab)
            #expect(dashboard.screen.contains("1 deploy to production of \(Self.container), newest first"))
            #expect(dashboard.screen.contains("by demo, 4 changes"))
        }
    }

    @Test("D asks for the container's name, deploys exactly the diff on screen, ends on production's new schema and adds to the history")
    func deploy() async throws {
        try await Self.onDeployScreen { demo, dashboard in
            try await dashboard.press(.character("D"))
            #expect(dashboard.screen.contains("Deploy to production?"))
            #expect(dashboard.screen.contains("Type \(Self.container) to confirm."))
            try await dashboard.type(Self.container)
            try await dashboard.press(.enter)
            #expect(dashboard.app.status == StatusMessage("Deployed 2 changes to production of \(Self.container)", kind: .success))
            #expect(dashboard.screen.contains("- production before the deploy  + production now"))
            #expect(dashboard.lines.contains { $0.contains("+         rsvpCount       INT64 QUERYABLE SORTABLE,") })
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .production)
            let production = try await client.parsedSchema(of: .production)
            #expect(production.recordType(named: "Party")?.field(named: "rsvpCount") != nil)
            #expect(try await client.deployments().count == 2)
            try await dashboard.press(.backTab)
            #expect(dashboard.screen.contains("Deployed 2 changes to production"))
            #expect(dashboard.screen.contains("Nothing to deploy: development matches production"))
            try await dashboard.press(.character("D"))
            #expect(dashboard.app.status == StatusMessage("Nothing to deploy: development matches production", kind: .warning))
            #expect(!dashboard.screen.contains("Deploy to production?"))
            try await dashboard.command("deployments")
            #expect(dashboard.screen.contains("2 deploys to production of \(Self.container), newest first"))
            #expect(dashboard.screen.contains("  add field Party.rsvpCount INT64 QUERYABLE SORTABLE"))
        }
    }

    @Test("a wrong container name at the deploy prompt is said to be wrong, and nothing is deployed")
    func wrongName() async throws {
        try await Self.onDeployScreen { demo, dashboard in
            try await dashboard.press(.character("D"))
            try await dashboard.type("iCloud.com.example.Part")
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Deploy to production?"))
            // The dialog wraps the line after "is not".
            #expect(dashboard.screen.contains("“iCloud.com.example.Part” is not"), "\(dashboard.screen)")
            try await dashboard.press(.escape)
            #expect(try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .production).deployments().count == 1)
        }
    }

    @Test("a diff that changed between showing and confirming is refused by the server (CONFLICT), and the new diff is shown")
    func conflict() async throws {
        try await Self.onDeployScreen { demo, dashboard in
            try await dashboard.press(.character("D"))
            try await dashboard.type(Self.container)
            let development = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await development.editSchema([.init(.addField, recordType: "Party", field: "theme", fieldType: "STRING")])
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.hasPrefix("Not deployed: the diff changed since it was shown") == true)
            #expect(dashboard.screen.contains("The diff changed since it was shown"))
            #expect(dashboard.screen.contains("+ add field Party.theme STRING"))
            #expect(dashboard.screen.contains("3 changes, none blocked"))
            let production = try await development.parsedSchema(of: .production)
            #expect(production.recordType(named: "Party")?.field(named: "rsvpCount") == nil, "the changed diff reached production")
            try await dashboard.press(.character("D"))
            try await dashboard.type(Self.container)
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Deployed 3 changes to production of \(Self.container)")
        }
    }

    @Test("a read-only session shows the diff but refuses D and R, without asking")
    func readOnly() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, isReadOnly: true)
            try await dashboard.start()
            try await dashboard.command("deploy")
            #expect(dashboard.screen.contains("Safe additions (1)"))
            #expect(!dashboard.lines[23].contains("Deploy"))
            try await dashboard.press(.character("D"))
            #expect(dashboard.app.status?.text == "Read-only session: Deploy is not available")
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.status?.text == "Read-only session: Reset dev is not available")
            #expect(!dashboard.screen.contains("to confirm"))
            let diff = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).schemaDiff()
            #expect(diff.changes.count == 2)
        }
    }

    @Test("in production the deploy screen does not wait for :unlock: the typed name is its own confirmation")
    func fromProduction() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, environment: .production)
            try await dashboard.start()
            try await dashboard.press(.character("P"))
            #expect(dashboard.screen.contains("Deploy development to production"))
            try await dashboard.press(.character("D"))
            #expect(dashboard.screen.contains("Deploy to production?"))
        }
    }

    @Test("R shows what a reset deletes, asks for the container's name, then resets development to production's schema")
    func reset() async throws {
        try await Self.onDeployScreen { demo, dashboard in
            try await dashboard.press(.character("R"))
            #expect(dashboard.screen.contains("Reset development of \(Self.container)?"))
            #expect(dashboard.screen.contains("3,000 Party"))
            #expect(dashboard.screen.contains("remove field Party.rsvpCount"))
            try await dashboard.press(.escape)
            #expect(dashboard.app.status?.text == "Cancelled: nothing was changed")
            try await dashboard.press(.character("R"))
            try await dashboard.type(Self.container)
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Development of \(Self.container) was reset")
            #expect(dashboard.screen.contains("Development was reset: deleted"))
            #expect(dashboard.screen.contains("Nothing to deploy: development matches production"))
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            #expect(try await client.schemaDiff().changes.isEmpty)
            let records = try await client.statistics(of: .development).recordTypes.reduce(0) { $0 + $1.records }
            #expect(records == 0)
        }
    }

    @Test("a diff with a blocked change cannot be deployed and says why; an empty one says there is nothing to deploy")
    func refusals() async throws {
        try await DemoServer.run { demo in
            let screen = DeployScreen(
                session: try await demo.session(), tab: .changes, loader: DeployLoader(client: demo.client),
                display: FieldValueDisplay(timeZone: TimeZone(identifier: "UTC")!))
            let deployKey = try #require(DeployScreen.keys.bindings.first { $0.action == .deploy })
            #expect(screen.refusal(of: deployKey) == "There is no diff on screen to deploy: r fetches it again")
            let blocked = ManagementSchema.Change(
                changeClass: "blocked", change: "fieldRemoved", recordType: "Party", field: "name", summary: "remove field Party.name",
                reason: "fields in production can never be removed; keep Party.name in development and stop writing it")
            screen.review.set(DeployReview(diff: ManagementSchema.DiffResponse(digest: "d", changes: [blocked]), production: "", development: "", warnings: []))
            #expect(screen.refusal(of: deployKey) == "Production refuses this deploy: fix the 1 blocked change in development first (each says how)")
            screen.review.set(DeployReview(diff: ManagementSchema.DiffResponse(digest: "d", changes: []), production: "", development: "", warnings: []))
            #expect(screen.refusal(of: deployKey) == "Nothing to deploy: development matches production")
        }
    }
}
