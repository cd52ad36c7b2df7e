import CKModel
import CKSchema
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The roles and permissions screen driven with keys against the demo server.
@Suite("Roles and permissions, driven as a user drives them", .heavy)
struct PermissionsScreenTests {
    private static let size = Size(width: 110, height: 30)

    /// The grid's row of `recordType`, selected or not.
    private static func row(of recordType: String, in dashboard: DashboardHarness) throws -> String {
        try #require(dashboard.lines.first { $0.hasPrefix("│▸\(recordType) ") || $0.hasPrefix("│ \(recordType) ") }, "no row of \(recordType)")
    }

    /// The demo container's development schema as the server has it.
    private static func schema(_ demo: DemoServer, _ environment: ContainerEnvironment = .development) async throws -> Schema {
        try await demo.client.addressing(EmbeddedServer.demoContainer, environment: environment).parsedSchema()
    }

    /// The line of the screen that shows `text`.
    private static func line(with text: String, in dashboard: DashboardHarness) throws -> String {
        try #require(dashboard.lines.first { $0.contains(text) }, "no line shows \(text)")
    }

    @Test("the grid shows each type's grants per role with CloudKit's defaults marked, the selected cell in brackets")
    func grid() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("permissions")
            #expect(dashboard.lines[1].contains("Roles and permissions [4 roles"))
            let heading = try Self.line(with: "RECORD TYPE", in: dashboard)
            #expect(heading.contains("_world") && heading.contains("_icloud") && heading.contains("_creator") && heading.contains("Planner"))
            // Party: READ to _world, CREATE to _icloud, WRITE to _creator (CloudKit's defaults) and WRITE to Planner.
            let party = try Self.row(of: "Party", in: dashboard)
            #expect(party.contains("[· R ·*]") && party.contains("C · ·*") && party.contains("· · W*") && party.contains("· · W "))
        }
    }

    @Test("the grid has the built-in Users type, its own defaults marked, and R changes who may read user records")
    func usersType() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("permissions")
            #expect(dashboard.lines[1].contains("× 4 types]"), "\(dashboard.lines[1])")
            let users = try Self.row(of: "Users", in: dashboard)
            #expect(users.contains("· R ·*") && users.contains("· · ·*") && users.contains("· · W*"), "\(users)")
            try await dashboard.press(.end, .character("R"))
            #expect(dashboard.app.status?.text == "Revoked READ on Users from _world")
            #expect(try await Self.schema(demo).recordType(named: "Users")?.permissions(of: SecurityRole.world).contains(.read) == false)
        }
    }

    @Test("R revokes READ from _world on Party; the check then says anyone may not read, and acting as a user cannot read either")
    func revokeAndCheck() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("permissions")
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.status?.text == "Revoked READ on Party from _world")
            #expect(try Self.row(of: "Party", in: dashboard).contains("[· · ·]"))
            let party = try #require(try await Self.schema(demo).recordType(named: "Party"))
            #expect(!party.permissions(of: SecurityRole.world).contains(.read))

            try await dashboard.press(.character("p"))
            #expect(dashboard.screen.contains("Check permissions of"))
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Permission check: anyone on Party, holding _world"))
            #expect(try Self.line(with: "READ   ", in: dashboard).contains("not allowed: no role they hold is granted READ"))
            try await dashboard.press(.character("p"), .character("j"), .character("j"), .enter)
            #expect(dashboard.screen.contains("Permission check: demo on Party"))
            #expect(try Self.line(with: "WRITE  ", in: dashboard).contains("allowed on every record, by GRANT WRITE TO Planner"))

            try await dashboard.command("user demo")
            try await dashboard.command("records Party")
            #expect(dashboard.screen.contains("READ operation not permitted") || dashboard.screen.contains("ACCESS_DENIED"))
        }
    }

    @Test("n creates a role, which gets a column; D deletes it after a confirmation naming its grants")
    func createAndDeleteRole() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("permissions")
            try await dashboard.press(.character("n"))
            try await dashboard.type("Reviewer")
            try await dashboard.press(.enter)
            #expect(try Self.line(with: "RECORD TYPE", in: dashboard).contains("Reviewer"))
            #expect(try await Self.schema(demo).roles.map(\.name).contains("Reviewer"))
            try await dashboard.press(.tab, .tab, .tab, .tab, .character("D"))
            #expect(dashboard.screen.contains("Delete role Reviewer?"))
            #expect(dashboard.screen.contains("Deletes the role Reviewer from development with its 0"))
            try await dashboard.press(.character("y"))
            #expect(!(try Self.line(with: "RECORD TYPE", in: dashboard)).contains("Reviewer"))
            #expect(try await !Self.schema(demo).roles.map(\.name).contains("Reviewer"))
        }
    }

    @Test("in production the grant keys say the schema changes only by deploy, and _world cannot be deleted anywhere")
    func productionAndBuiltIns() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, environment: .production)
            try await dashboard.start()
            try await dashboard.command("permissions")
            try await dashboard.press(.character("R"))
            #expect(dashboard.app.status?.text.hasPrefix("Production's roles and grants change only by deploy") == true)
            let party = try #require(try await Self.schema(demo, .production).recordType(named: "Party"))
            #expect(party.permissions(of: SecurityRole.world).contains(.read))
            try await dashboard.command("env dev")
            try await dashboard.press(.character("D"))
            #expect(dashboard.app.status?.text == "_world is a built-in role: it cannot be deleted")
        }
    }

    @Test("against the goldens: the grid, the subject picker, and a check of the demo user", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("permissions")
            try Golden.expect(dashboard.lines, matches: "permissions-\(size.width)x\(size.height)")
            try await dashboard.press(.character("p"))
            try Golden.expect(dashboard.lines, matches: "permissions-subject-\(size.width)x\(size.height)")
            try await dashboard.press(.character("j"), .character("j"), .enter)
            try Golden.expect(dashboard.lines, matches: "permissions-check-\(size.width)x\(size.height)")
        }
    }
}
