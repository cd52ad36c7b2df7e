import CKClient
import CKModel
import CKServer
import CKTestSupport
import TerminalKit
import Testing

@testable import Dashboard

/// The shares screen and a share's invitation driven with keys against the demo server: sharing a zone and a
/// record, inviting, changing permissions, stopping, and accepting as another user.
@Suite("Shares: share a zone or a record, invite, change permissions, stop sharing; accept as another user", .heavy)
struct SharesScreenTests {
    private static let size = Size(width: 130, height: 30)

    /// A client of `user`'s `database` in the demo container.
    private static func client(_ demo: DemoServer, _ database: DatabaseScope, as user: String) async throws -> CloudKitClient {
        let users = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).users()
        let recordName = try #require(users.first { $0.name == user }).userRecordName
        return demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(database).actingAsUser(recordName: recordName)
    }

    /// The demo user's shares in every zone, as the server has them.
    private static func shares(_ demo: DemoServer) async throws -> [Record] {
        try await client(demo, .private, as: "demo").queryRecords(Query(recordType: ShareRecord.recordType), zoneWide: true).records.map { try $0.get() }
    }

    @Test("as demo: s on Receipts lists its shares; n shares it, a invites guest, p lets guest write, P opens the link, d stops sharing")
    func owner() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("db private demo")
            try await dashboard.command("zones")
            try await dashboard.press(.character("j"), .character("s"))
            #expect(dashboard.lines[1].contains("Shares of zone Receipts"))
            #expect(dashboard.screen.contains("No shares"))

            try await dashboard.press(.character("n"))
            #expect(dashboard.app.status?.text == "Shared zone Receipts with nobody yet: a invites a user, P lets anyone with the link in")
            let share = try #require(try await Self.shares(demo).first)
            #expect(share.recordName == ShareRecord.zoneWideName)
            let shortGUID = try #require(share.shortGUID)
            #expect(dashboard.lines.contains { $0.contains("the whole zone") && $0.contains("Receipts") && $0.contains("no access") && $0.contains("nobody yet") })
            #expect(dashboard.screen.contains("others join with :accept \(shortGUID)"))

            try await dashboard.press(.character("a"))
            #expect(dashboard.screen.contains("Invite to the share of zone Receipts"))
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("guest may"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Invited guest (read only) to the share of zone Receipts")
            var participants = try #require(try await Self.shares(demo).first?.participants)
            #expect(participants.map(\.type) == [.owner, .user])
            #expect(participants.last?.permission == .readOnly && participants.last?.acceptanceStatus == .invited)
            #expect(dashboard.lines.contains { $0.contains("guest") && $0.contains("read only") && $0.contains("invited") })

            try await dashboard.press(.character("p"), .enter, .character("j"), .enter)
            #expect(dashboard.app.status?.text == "guest may now read and write zone Receipts")
            participants = try #require(try await Self.shares(demo).first?.participants)
            #expect(participants.last?.permission == .readWrite)

            try await dashboard.press(.character("P"), .character("j"), .enter)
            #expect(try await Self.shares(demo).first?.publicPermission == .readOnly)
            #expect(dashboard.lines.contains { $0.contains("the whole zone") && $0.contains("read only") && $0.contains("1 · 0 accepted") })

            try await dashboard.press(.character("x"), .enter)
            #expect(dashboard.screen.contains("Remove guest from the share?"))
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Removed guest from the share of zone Receipts")
            #expect(try await Self.shares(demo).first?.participants?.map(\.type) == [.owner])
            try await dashboard.press(.character("a"), .enter, .enter)

            try await dashboard.press(.character("d"))
            #expect(dashboard.screen.contains("Stop sharing zone Receipts?"))
            #expect(dashboard.screen.contains("guest loses access at once."))
            try await dashboard.press(.escape)
            #expect(try await Self.shares(demo).count == 1)
            try await dashboard.press(.character("d"), .character("y"))
            #expect(dashboard.app.status?.text == "Stopped sharing zone Receipts")
            #expect(try await Self.shares(demo).isEmpty)
        }
    }

    @Test("s on a record of Receipts shares it and lists the share with its root; Enter opens the root, whose s shows the same share; a zone-wide share covers it")
    func recordShare() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            let receipts = ZoneID(zoneName: "Receipts")
            let name = try #require(try await Self.client(demo, .private, as: "demo").queryRecords(Query(recordType: "Receipt"), in: receipts, resultsLimit: 1)
                .records.first?.get().recordName)
            try await dashboard.command("db private demo")
            try await dashboard.command("zone Receipts")
            try await dashboard.command("record \(name)")
            try await dashboard.press(.character("s"))
            #expect(dashboard.app.status?.text == "Shared \(name) and the records below it with nobody yet: a invites a user")
            #expect(dashboard.lines.contains { $0.contains("\(name) (Receipt)") })
            let share = try #require(try await Self.shares(demo).first)
            #expect(share.recordName?.hasPrefix("Share-") == true)
            let root = try await Self.client(demo, .private, as: "demo").lookupRecords(named: [name], in: receipts)[0].get()
            #expect(root.share?.recordName == share.recordName)
            try await dashboard.press(.enter)
            #expect(dashboard.lines[1].contains("Record \(name)"))
            try await dashboard.press(.character("s"))
            #expect(dashboard.app.status?.text == "\(name) is shared already: here is its share")
            #expect(try await Self.shares(demo).count == 1)

            try await dashboard.press(.escape, .escape, .escape)
            try await dashboard.command("shares")
            try await dashboard.press(.character("d"), .character("y"))
            try await dashboard.press(.character("n"))
            try await dashboard.command("record \(name)")
            try await dashboard.press(.character("s"))
            #expect(dashboard.app.status?.text == "The whole zone Receipts is shared, \(name) with it: here is its share")
            #expect(try await Self.shares(demo).map(\.recordName) == [ShareRecord.zoneWideName])
        }
    }

    @Test("as guest: :accept with the share's link resolves it, a accepts after saying what it gives, and the zone is guest's shared database's")
    func acceptAsAnotherUser() async throws {
        try await DemoServer.run { demo in
            let owner = try await Self.client(demo, .private, as: "demo")
            let guest = try await Self.client(demo, .shared, as: "guest")
            let receipts = ZoneID(zoneName: "Receipts")
            var share = Record(recordName: ShareRecord.zoneWideName, recordType: ShareRecord.recordType, publicPermission: .readOnly)
            share = try await owner.modifyRecords([RecordOperation(.create, share)], in: receipts)[0].get()
            let shortGUID = try #require(share.shortGUID)

            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("accept https://www.icloud.com/share/\(shortGUID)#Receipts")
            #expect(dashboard.screen.contains("A share is joined by a user: act as one first (:user NAME), then :accept again."))
            try await dashboard.command("user guest")
            try await dashboard.command("accept \(shortGUID)")
            #expect(dashboard.lines[1].contains("Share \(shortGUID)"))
            #expect(dashboard.screen.contains("the whole zone Receipts"))
            #expect(dashboard.screen.contains("invited through the link, may read"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.hasPrefix("Accept the share first (a)") == true)
            try await dashboard.press(.character("a"))
            #expect(dashboard.screen.contains("Accept demo's share as guest?"))
            #expect(dashboard.screen.contains("The zone Receipts then appears in guest's shared"))
            #expect(dashboard.screen.contains("database, where guest may read."))
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "guest joined the zone Receipts: it is in guest's shared database now")
            #expect(dashboard.lines[0].contains("shared as guest"))
            #expect(try await guest.allZones().map { try $0.get().zoneID.zoneName }.contains("Receipts"))

            try await dashboard.command("zones")
            try await dashboard.press(.character("c"))
            _ = try await owner.modifyRecords(saving: [Record(recordName: "shared-receipt", recordType: "Receipt")], in: receipts)
            try await dashboard.waitUntil("the owner's new receipt in guest's live view of the shared zone") { dashboard.screen.contains("shared-receipt") }
            try await dashboard.press(.escape)
            try await dashboard.press(.escape)
            try await dashboard.command("shares")
            #expect(dashboard.lines.contains { $0.contains("the whole zone") && $0.contains("demo") && $0.contains("1 · 1 accepted") })
            let hints = dashboard.lines[Self.size.height - 1]
            #expect(hints.contains("Copy link") && !hints.contains("Invite") && !hints.contains("Stop sharing"))
            try await dashboard.press(.character("y"))
            let link = try #require(dashboard.terminal.clipboard)
            #expect(link.wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+\/share\/[0-9A-Za-z]+/) != nil, "y copies the link the server gives: \(link)")
            try await dashboard.press(.character("d"))
            #expect(!dashboard.screen.contains("Stop sharing zone Receipts?"))
        }
    }

    @Test("the public database has no shares; a link's short GUID is its last path component without title or query")
    func refusalsAndLinks() async throws {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: Self.size)
            try await dashboard.start()
            try await dashboard.command("shares")
            #expect(dashboard.screen.contains("The public database holds no shares"))
        }
        #expect(ShareInvitationLoader.shortGUID(in: " https://www.icloud.com/share/0H1Fz9#My%20Trip ") == "0H1Fz9")
        #expect(ShareInvitationLoader.shortGUID(in: "https://example.com/share/ABC?x=1") == "ABC")
        #expect(ShareInvitationLoader.shortGUID(in: "ABC") == "ABC")
    }
}
