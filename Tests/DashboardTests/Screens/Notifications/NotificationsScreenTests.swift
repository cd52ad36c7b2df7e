import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The live notifications driven against the demo server: a push token registered for the user acted as, and
/// the notifications of their subscriptions listed as another client's saves make them fire.
@Suite("Notifications: the live view", .heavy)
struct NotificationsScreenTests {
    private static let size = Size(width: 140, height: 24)

    /// Saves a party as the guest user, another client than the dashboard.
    private static func saveParty(_ name: String, _ demo: DemoServer) async throws {
        let users = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).users()
        let guest = try #require(users.first { $0.name == "guest" })
        let client = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).actingAsUser(recordName: guest.userRecordName)
        let saved = try await client.modifyRecords([RecordOperation(.create, Record(recordName: name, recordType: "Party", fields: ["name": .string("Picnic")]))])
        _ = try saved[0].get()
    }

    @Test("as demo, w on the subscriptions opens the view; a party another client saves arrives; leaving stops the poll")
    func arrives() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("user demo")
            try await dashboard.command("subscriptions")
            try await dashboard.press(.character("w"))
            #expect(dashboard.lines[1].contains("Notifications for demo [0] · live"))
            #expect(dashboard.screen.contains("Live: notifications of demo's subscriptions in development, newest first."))
            #expect(dashboard.app.work.isWaiting && !dashboard.app.work.isBusy)
            try await Self.saveParty("party-live-1", demo)
            try await dashboard.waitUntil("the notification of party-live-1") { dashboard.screen.contains("party-live-1") }
            let row = try #require(dashboard.lines.first { $0.contains("party-live-1") })
            #expect(row.contains("new-parties") && row.contains("qry") && row.contains("created") && row.contains("_defaultZone (public)"))
            #expect(row.contains("A new party!"))
            try await Self.saveParty("party-live-2", demo)
            try await dashboard.waitUntil("the notification of party-live-2") { dashboard.lines[1].contains("[2]") }
            #expect(dashboard.lines.firstIndex { $0.contains("party-live-2") }! < dashboard.lines.firstIndex { $0.contains("party-live-1") }!)

            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Subscriptions of public"))
            #expect(!dashboard.app.work.isWaiting, "the courier poll goes on after the view was left")
        }
    }

    @Test("without a user to act as, the view says why it cannot listen, and nothing polls")
    func needsUser() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("pushes")
            #expect(dashboard.screen.contains("Live notifications need a user"))
            #expect(!dashboard.app.work.isWaiting)
        }
    }

    @Test("the live view, waiting and with a notification, and without a user, against the goldens", arguments: ScreenGoldenTests.sizes)
    func goldens(size: Size) async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            try await dashboard.command("pushes")
            try Golden.expect(dashboard.lines, matches: "notifications-no-user-\(size.width)x\(size.height)")
            try await dashboard.command("user demo")
            try await Self.saveParty("party-live-1", demo)
            try await dashboard.waitUntil("the notification of party-live-1") { dashboard.lines[1].contains("[1]") }
            try Golden.expect(dashboard.linesWithoutTimes, matches: "notifications-\(size.width)x\(size.height)")
            dashboard.app.work.cancelAll()
        }
    }
}
