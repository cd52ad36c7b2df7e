import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The zones screen's changes driven with keys against the demo server: creating and deleting custom zones.
@Suite("Zones: create and delete custom zones", .heavy)
struct ZonesScreenTests {
    private static let size = Size(width: 110, height: 24)

    /// A client of the demo user's private database.
    private static func privateClient(_ demo: DemoServer) async throws -> CloudKitClient {
        demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private)
            .actingAsUser(recordName: try await demo.demoUser().userRecordName)
    }

    private static func zoneNames(_ demo: DemoServer) async throws -> [String] {
        try await privateClient(demo).allZones().map { try $0.get().zoneID.zoneName }.sorted()
    }

    @Test("n creates a zone (a name that cannot be is refused and asked again); d deletes it after saying how many records go")
    func createAndDelete() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            try await dashboard.press(.character("n"))
            #expect(dashboard.screen.contains("Name of the custom zone to create in demo's private database:"))
            try await dashboard.type("_Trips")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.contains("starting with an underscore are reserved") == true)
            #expect(dashboard.screen.contains("New zone"))
            try await dashboard.press(.control("u"))
            try await dashboard.type("Trips")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Created zone Trips: Enter browses it, c watches its changes")
            #expect(try await Self.zoneNames(demo) == ["Receipts", "Trips", "_defaultZone"])
            #expect(dashboard.lines.contains { $0.hasPrefix("│▸Trips ") })

            let client = try await Self.privateClient(demo)
            let trips = ZoneID(zoneName: "Trips")
            _ = try await client.modifyRecords(saving: (1...3).map { Record(recordName: "trip-\($0)", recordType: "Trip") }, in: trips)
            _ = try await client.modifyRecords(deleting: ["trip-3"], in: trips)
            try await dashboard.press(.character("d"))
            #expect(dashboard.screen.contains("Delete zone Trips?"))
            #expect(dashboard.screen.contains("Deleting it removes its 2 records."))
            try await dashboard.type("Trips")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Deleted zone Trips and its 2 records")
            #expect(try await Self.zoneNames(demo) == ["Receipts", "_defaultZone"])
            #expect(!dashboard.lines.contains { $0.hasPrefix("│ Trips ") || $0.hasPrefix("│▸Trips ") })
        }
    }

    @Test("d counts the demo's receipts and shoeboxes; Esc keeps the zone; the default zone cannot be deleted")
    func countAndRefusals() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            try await dashboard.press(.character("j"), .character("d"))
            #expect(dashboard.screen.contains("Deleting it removes its 1,050 records."))
            #expect(dashboard.screen.contains("Type Receipts to confirm."))
            try await dashboard.press(.escape)
            #expect(dashboard.app.status?.text == "Cancelled: nothing was changed")
            #expect(try await Self.zoneNames(demo) == ["Receipts", "_defaultZone"])
            try await dashboard.press(.character("k"), .character("d"))
            #expect(dashboard.app.status?.text.hasPrefix("The default zone cannot be deleted: every database always has one") == true)
            try await dashboard.command("db public")
            try await dashboard.command("zones")
            try await dashboard.press(.character("n"))
            #expect(dashboard.app.status?.text == "Custom zones exist only in private databases: :db private USER")
        }
    }

    @Test("read-only offers neither n nor d, in the hint bar or the help; locked production refuses them", arguments: [false, true])
    func readOnlyAndLocked(readOnly: Bool) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, isReadOnly: readOnly, environment: .production)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            let hints = dashboard.lines[Self.size.height - 1]
            #expect(hints.contains("Changes"))
            #expect(hints.contains("New zone") == !readOnly && hints.contains("Delete") == !readOnly)
            try await dashboard.press(.character("?"))
            #expect(dashboard.screen.contains("Create a custom zone") == !readOnly)
            try await dashboard.press(.escape, .character("n"))
            if readOnly {
                #expect(dashboard.app.status?.text == "Read-only session: New zone is not available")
            } else {
                #expect(dashboard.app.status?.text.hasPrefix("Production is locked") == true)
            }
            #expect(!dashboard.screen.contains("Name of the custom zone"))
        }
    }

    @Test("the new zone and delete zone dialogs against their goldens", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            try await dashboard.press(.character("n"))
            try await dashboard.type("Trips")
            try Golden.expect(dashboard.lines, matches: "new-zone-\(size.width)x\(size.height)")
            try await dashboard.press(.escape, .character("j"), .character("d"))
            try Golden.expect(dashboard.lines, matches: "delete-zone-\(size.width)x\(size.height)")
        }
    }
}
