import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The users screen driven with keys against the demo server.
@Suite("Users: roles, discoverability and acting as one", .heavy)
struct UsersScreenTests {
    private static let size = Size(width: 120, height: 24)

    /// The demo container's users as the server has them.
    private static func users(_ demo: DemoServer) async throws -> [ManagementUsers.User] {
        try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).users()
    }

    @Test("the users with their roles; a gives guest the Planner role, x takes it back, v makes guest not discoverable")
    func rolesAndDiscoverability() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("users")
            #expect(dashboard.lines[1].contains("Users [2]"))
            let demoRow = try #require(dashboard.lines.first { $0.contains("│▸demo ") })
            #expect(demoRow.contains("demo@example.com") && demoRow.contains("Planner") && demoRow.contains("yes"))
            try await dashboard.press(.character("j"), .character("a"))
            #expect(dashboard.screen.contains("Give guest the role"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "guest now holds Planner")
            #expect(try await Self.users(demo).first { $0.name == "guest" }?.roles == ["Planner"])
            #expect(dashboard.lines.contains { $0.contains("guest") && $0.contains("Planner") })
            try await dashboard.press(.character("x"), .enter)
            #expect(try await Self.users(demo).first { $0.name == "guest" }?.roles == [])
            try await dashboard.press(.character("v"))
            #expect(try await Self.users(demo).first { $0.name == "guest" }?.discoverable == false)
            try await dashboard.press(.character("x"))
            #expect(dashboard.app.status?.text == "guest holds no custom role")
        }
    }

    @Test("Enter acts as the selected user: the header names them until :user -")
    func actAs() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("users")
            try await dashboard.press(.enter)
            #expect(dashboard.lines[0].contains("public as demo"))
            try await dashboard.command("user -")
            #expect(!dashboard.lines[0].contains(" as demo"))
        }
    }

    @Test("in locked production the role keys wait for :unlock; read-only shows none of them", arguments: [false, true])
    func lockedAndReadOnly(readOnly: Bool) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, isReadOnly: readOnly, environment: .production)
            try await dashboard.start()
            try await dashboard.command("users")
            try await dashboard.press(.character("v"))
            #expect(try await Self.users(demo).first { $0.name == "demo" }?.discoverable == true)
            if readOnly {
                #expect(dashboard.app.status?.text == "Read-only session: Discoverable is not available")
                #expect(!dashboard.lines[23].contains("Add role"))
            } else {
                #expect(dashboard.app.status?.text.hasPrefix("Production is locked") == true)
            }
        }
    }

    @Test("against the goldens", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("users")
            try Golden.expect(dashboard.lines, matches: "users-\(size.width)x\(size.height)")
            try await dashboard.press(.character("x"))
            try Golden.expect(dashboard.lines, matches: "users-remove-role-\(size.width)x\(size.height)")
        }
    }
}
