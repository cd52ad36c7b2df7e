import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// `--readonly` across the whole dashboard: every screen's changing keys gone from its hints and refused with the
/// reason, the palette's changing commands refused, and the server exactly as it was afterwards.
@Suite("A read-only session changes nothing, from any screen", .heavy)
struct ReadOnlySessionTests {
    /// A palette command for each kind of screen the dashboard has.
    static let screens = [
        "containers", "types", "fields Party", "schema", "indexes", "zones", "records Party", "record party-1", "query Party", "permissions",
        "users", "deploy", "deployments", "tokens", "keys", "audit", "subscriptions", "changes",
    ]

    /// What a change from the dashboard would alter: both schemas and their statistics, the users, the
    /// credentials, the subscriptions, the audit log.
    static func serverState(_ demo: DemoServer) async throws -> [String] {
        var state: [String] = []
        for environment in [ContainerEnvironment.development, .production] {
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: environment)
            state.append(try await client.schema().ckdb)
            state.append(String(describing: try await client.statistics().recordTypes))
        }
        let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
        state.append(String(describing: try await client.users()))
        state.append(String(describing: try await client.apiTokens()))
        state.append(String(describing: try await client.serverKeys()))
        state.append(String(describing: try await client.managementTokens().map(\.id)))
        state.append(String(describing: try await client.allSubscriptions().map { try $0.get() }))
        state.append(String(describing: try await client.auditLog().entries.count))
        return state
    }

    @Test("on every screen the changing keys are neither hinted nor run, the palette refuses :undo, :unlock and :lock, and the server is unchanged")
    func everyScreen() async throws {
        try await DemoServer.run { demo in
            let before = try await Self.serverState(demo)
            let size = Size(width: 200, height: 40)
            let dashboard = DashboardHarness(demo, size: size, isReadOnly: true)
            try await dashboard.start()
            var refused = 0
            for command in Self.screens {
                try await dashboard.command(command)
                let screen = dashboard.lines.dropLast(2)
                let hints = dashboard.lines[size.height - 1]
                for binding in dashboard.app.top.bindings.bindings where binding.isMutation {
                    #expect(!hints.contains(" \(binding.label) "), "\(command): \(binding.label) is hinted in \(hints)")
                    try await dashboard.press(binding.keys[0])
                    #expect(dashboard.app.status?.text == "Read-only session: \(binding.label) is not available", "\(command): \(binding.label)")
                    #expect(dashboard.lines.dropLast(2) == screen, "\(command): \(binding.label) changed the screen:\n\(dashboard.screen)")
                    refused += 1
                }
            }
            #expect(refused >= 30, "only \(refused) changing keys were tried")
            let changing = PaletteCommand.catalogue.map(\.name).filter { (try? PaletteCommand(parsing: $0))?.changesData == true }
            #expect(Set(changing) == ["undo", "unlock", "lock"])
            for name in changing {
                try await dashboard.command(name)
                #expect(dashboard.app.status?.text == "Read-only session: :\(name) is not available")
            }
            #expect(try await Self.serverState(demo) == before)
        }
    }
}
