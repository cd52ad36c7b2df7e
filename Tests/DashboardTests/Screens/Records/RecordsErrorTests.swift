import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// What the records screen says when the server refuses its query, and what a switch of database does with a
/// zone the new database does not have.
@Suite("The records screen's errors and a zone lost in a database switch", .heavy)
struct RecordsErrorTests {
    @Test("a type the user acted as may not read shows the server's refusal and r; once READ is granted, r shows the records")
    func accessDenied() async throws {
        try await DemoServer.run { demo in
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            let read = { (kind: ManagementSchema.EditOperation) in
                ManagementSchema.Edit(kind, recordType: "Party", role: "_world", permission: "READ")
            }
            _ = try await client.editSchema([read(.revoke)])
            let dashboard = DashboardHarness(demo, size: Size(width: 80, height: 24))
            try await dashboard.start()
            try await dashboard.command("user guest")
            try await dashboard.command("records Party")
            #expect(dashboard.lines[18...19].joined() == "│The server refused the request: ACCESS_DENIED (HTTP 403): READ operation not  ││permitted                                                                     │")
            #expect(dashboard.lines.contains { $0.hasPrefix("│r: try again") })
            try await dashboard.press(.character("r"))
            #expect(dashboard.screen.contains("ACCESS_DENIED"))
            _ = try await client.editSchema([read(.grant)])
            try await dashboard.press(.character("r"))
            #expect(!dashboard.screen.contains("ACCESS_DENIED"))
            #expect(dashboard.lines[3].contains("party-1 "), "\(dashboard.screen)")
        }
    }

    @Test("a change key typed ahead on a screen that then fails to load is dropped, not run against the error")
    func typeAheadOnFailure() async throws {
        try await DemoServer.run { demo in
            let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            _ = try await client.editSchema([ManagementSchema.Edit(.revoke, recordType: "Party", role: "_world", permission: "READ")])
            let dashboard = DashboardHarness(demo, size: Size(width: 120, height: 24))
            try await dashboard.start()
            try await dashboard.command("user guest")
            dashboard.app.run(command: "records Party")
            for key in "ename".map(Key.character) { dashboard.app.handle(.key(key)) }
            try await dashboard.settle()
            #expect(dashboard.app.status?.text == "Dropped 5 keys typed ahead: the screen did not load (r tries again)")
            #expect(dashboard.app.top is RecordsScreen)
        }
    }

    @Test("switching to a database without the zone browsed drops it for the default zone and says so")
    func zoneDroppedOnSwitch() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Size(width: 120, height: 24))
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("records Receipt")
            #expect(dashboard.lines[0].contains("▸ Receipts ▸"))
            try await dashboard.command("db public")
            #expect(!dashboard.lines[0].contains("Receipts"), "\(dashboard.lines[0])")
            #expect(dashboard.app.status?.text == "Now in development, public database as demo: the public database has no zone Receipts: back to its default zone")
            #expect(!dashboard.screen.contains("ZONE_NOT_FOUND"))
            #expect(dashboard.app.top.session.zone == nil)
        }
    }

    @Test(":zone with a zone the database does not have stays where it is and says so; one it has is kept")
    func unknownZone() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Size(width: 120, height: 24))
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            #expect(dashboard.app.top.session.zone?.zoneName == "Receipts")
            try await dashboard.command("zone Nowhere")
            #expect(dashboard.app.top.session.zone?.zoneName == "Receipts")
            #expect(dashboard.app.status?.text == "The private database has no zone Nowhere: :zones lists its zones")
            try await dashboard.command("types")
            #expect(dashboard.lines[1].contains("Record types [4] · counts of all development"), "\(dashboard.lines[1])")
        }
    }
}
