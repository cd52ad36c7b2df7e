import CKModel
import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("The demo container", .heavy)
struct DemoContainerTests {
    @Test("it holds parties in both environments, receipts in a private zone, users, a subscription and undeployed changes")
    func contents() async throws {
        let temporary = try await TemporaryStorage()
        let id = ContainerID(rawValue: "iCloud.com.example.Party")!
        let summary = try await DemoContainer(storage: temporary.storage, configuration: temporary.configuration)
            .create(id, parties: 30, shoeboxes: 3, receiptsPerShoebox: 4)
        #expect(summary.privateReceipts == 12)
        let storage = temporary.storage
        let publicDevelopment = ZoneKey(container: id, environment: .development, database: .public, ownerRecordName: "", zoneName: "_defaultZone")
        #expect(try await storage.recordRows(ofType: "Party", in: publicDevelopment, after: nil, limit: 100).count == 30)
        var publicProduction = publicDevelopment
        publicProduction.environment = .production
        #expect(try await storage.recordRows(ofType: "Party", in: publicProduction, after: nil, limit: 100).count == 5)
        let receipts = ZoneKey(container: id, environment: .development, database: .private, ownerRecordName: summary.userRecordName, zoneName: "Receipts")
        #expect(try await storage.recordRows(ofType: "Receipt", in: receipts, after: nil, limit: 100).count == 12)
        let invited = try await storage.records(named: ["party-1"], in: publicDevelopment)["party-1"]
        guard case .asset(let invitation)? = invited?.fields["invitation"] else {
            Issue.record("party-1 has no invitation")
            return
        }
        #expect(invitation.size ?? 0 > 0)

        let pending = try await SchemaService(storage: storage).pendingDiff(of: id)
        #expect(!pending.isEmpty && !pending.hasBlockedChanges)
        #expect(pending.changes.map(\.kindName).sorted() == ["fieldAdded", "indexAdded"])
        let demo = try await UserService(storage: storage, configuration: temporary.configuration).existing(named: "demo", in: id)
        #expect(demo.roles == ["Planner"])
        var publicDatabase = publicDevelopment.databaseKey
        publicDatabase.ownerRecordName = summary.userRecordName
        #expect(try await storage.subscriptions(in: publicDatabase).map(\.subscriptionID) == ["new-parties"])
    }
}
