import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The subscriptions screen driven with keys against the demo server: listing, zone subscriptions, query
/// subscriptions from the query builder, deletion.
@Suite("Subscriptions: list, create and delete", .heavy)
struct SubscriptionsScreenTests {
    private static let size = Size(width: 140, height: 24)

    /// The demo user's subscriptions in `database`, as the server has them.
    private static func subscriptions(_ demo: DemoServer, _ database: DatabaseScope) async throws -> [Subscription] {
        try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(database)
            .actingAsUser(recordName: try await demo.demoUser().userRecordName).allSubscriptions().map { try $0.get() }
    }

    @Test("as the demo user, the demo's query subscription is listed with what it watches; the developer's list says whose it is")
    func listed() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("subscriptions")
            #expect(dashboard.lines[1].contains("Subscriptions of public [0]"))
            #expect(dashboard.screen.contains("These are the developer's subscriptions: their notifications reach no device."))
            try await dashboard.command("user demo")
            #expect(dashboard.lines[1].contains("Subscriptions of public [1]"))
            let row = try #require(dashboard.lines.first { $0.hasPrefix("│▸new-parties ") })
            #expect(row.contains("query") && row.contains("Party") && row.contains("create") && row.contains("every Party record"))
            try await dashboard.press(.enter)
            #expect(dashboard.lines[1].contains("Records of Party"))
        }
    }

    @Test("n makes a zone subscription: zone, notification options, ID; d deletes it after asking")
    func zoneSubscription() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("subscriptions")
            try await dashboard.press(.character("n"))
            #expect(dashboard.screen.contains("Notify of every change in the zone"))
            try await dashboard.press(.character("j"), .enter)
            #expect(dashboard.screen.contains("[x] Wake the app in background"))
            try await dashboard.press(.character("j"), .character(" "), .enter)
            #expect(dashboard.screen.contains("Its ID (empty: the server names it):"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Created the zone subscription Receipts-changes: w watches its notifications arrive")
            let created = try #require(try await Self.subscriptions(demo, .private).first)
            #expect(created.subscriptionID == "Receipts-changes" && created.subscriptionType == .zone && created.zoneID?.zoneName == "Receipts")
            #expect(created.notificationInfo?.shouldSendContentAvailable == true && created.notificationInfo?.shouldBadge == true)
            let row = try #require(dashboard.lines.first { $0.hasPrefix("│▸Receipts-changes ") })
            #expect(row.contains("zone Receipts") && row.contains("any change") && row.contains("every record of the zone"))

            try await dashboard.press(.character("n"), .character("j"), .enter, .enter, .enter)
            #expect(dashboard.app.status?.text == "Cannot create it: there is a subscription Receipts-changes already, which creating would replace")
            try await dashboard.press(.escape)

            try await dashboard.press(.character("d"))
            #expect(dashboard.screen.contains("Delete subscription Receipts-changes?"))
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Deleted subscription Receipts-changes")
            #expect(try await Self.subscriptions(demo, .private).isEmpty)
        }
    }

    @Test("N in the query builder subscribes to the built query, firing on the changes ticked")
    func querySubscription() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("user demo")
            try await dashboard.command("records Party")
            try await dashboard.press(.character("/"))
            try await dashboard.type("Gala")
            try await dashboard.press(.enter, .character("Q"), .character("N"))
            #expect(dashboard.screen.contains("Notify when a matching Party record is"))
            try await dashboard.press(.character("j"), .character(" "), .enter, .enter)
            #expect(dashboard.screen.contains("Party-create-delete"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Created the query subscription Party-create-delete: w watches its notifications arrive")
            let created = try #require(try await Self.subscriptions(demo, .public).first { $0.subscriptionID == "Party-create-delete" })
            #expect(created.firesOn == [.create, .delete] && created.query?.recordType == "Party")
            #expect(created.query?.filterBy?.map(\.comparator) == [.beginsWith] && created.query?.filterBy?.first?.field.wireName == "name")
            let row = try #require(dashboard.lines.first { $0.hasPrefix("│▸Party-create-delete ") })
            #expect(row.contains("create, delete") && row.contains("name BEGINS_WITH Gala"))
        }
    }

    @Test("read-only: no key that changes subscriptions in the hint bar, the help or the query builder")
    func readOnly() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size, isReadOnly: true)
            try await dashboard.start()
            try await dashboard.command("user demo")
            try await dashboard.command("subscriptions")
            #expect(dashboard.lines[Self.size.height - 1].contains("Watch") && !dashboard.lines[Self.size.height - 1].contains("New"))
            try await dashboard.press(.character("?"))
            #expect(!dashboard.screen.contains("Create a zone subscription") && !dashboard.screen.contains("Delete the selected subscription"))
            try await dashboard.press(.escape, .character("d"))
            #expect(dashboard.app.status?.text == "Read-only session: Delete is not available")
            try await dashboard.command("query Party")
            try await dashboard.press(.character("?"))
            #expect(!dashboard.screen.contains("Subscribe to the query"))
            try await dashboard.press(.escape, .character("N"))
            #expect(dashboard.lines[1].contains("Query Party"))
        }
    }

    @Test("the subscriptions and their dialogs against the goldens", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("user demo")
            try await dashboard.command("subscriptions")
            try Golden.expect(dashboard.lines, matches: "subscriptions-\(size.width)x\(size.height)")
            try await dashboard.press(.character("d"))
            try Golden.expect(dashboard.lines, matches: "delete-subscription-\(size.width)x\(size.height)")
            try await dashboard.press(.escape)
            try await dashboard.command("db private demo")
            try await dashboard.command("subscriptions")
            try await dashboard.press(.character("n"))
            try Golden.expect(dashboard.lines, matches: "zone-subscription-zone-\(size.width)x\(size.height)")
            try await dashboard.press(.character("j"), .enter)
            try Golden.expect(dashboard.lines, matches: "subscription-options-\(size.width)x\(size.height)")
            try await dashboard.press(.enter)
            try Golden.expect(dashboard.lines, matches: "subscription-id-\(size.width)x\(size.height)")
            try await dashboard.press(.escape)
            try await dashboard.command("query Party")
            try await dashboard.press(.character("N"))
            try Golden.expect(dashboard.lines, matches: "query-subscription-fires-on-\(size.width)x\(size.height)")
        }
    }
}
