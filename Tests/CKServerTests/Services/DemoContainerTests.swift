import CKModel
@testable import CKServer
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

    @Test("it has a day of made-up traffic in its request log and telemetry, marked as such, with an incident three hours ago")
    func traffic() async throws {
        let temporary = try await TemporaryStorage()
        let id = ContainerID(rawValue: "iCloud.com.example.Party")!
        _ = try await DemoContainer(storage: temporary.storage, configuration: temporary.configuration).create(id, parties: 6, shoeboxes: 1, receiptsPerShoebox: 1)
        let storage = temporary.storage
        let newest = try await storage.requestLogEntries(in: RequestLogRange(container: id, direction: .before(nil)), limit: 1_000)
        #expect(newest.count == 1_000 && newest.allSatisfy { $0.client == "synthetic-demo-traffic" && $0.requestID.hasPrefix("demo-") })
        let oldest = try await storage.requestLogEntries(in: RequestLogRange(container: id, direction: .after(0)), limit: 1)
        let span = Double((newest.first?.timestamp ?? 0) - (oldest.first?.timestamp ?? 0)) / 3_600_000
        #expect(span > 23 && span < 24.1, "a day: \(span) hours")

        let telemetry = TelemetryService(storage: storage, recorder: nil)
        let day = try await telemetry.series(.requests, range: .day, group: nil, filter: ManagementLogs.Filter(container: id))
        #expect(day.series[0].points.compactMap { $0 }.filter { $0 > 0 }.count >= 90, "requests in nearly every quarter hour")
        let conflicts = try await telemetry.series(.errors, range: .day, group: .errorCode, filter: ManagementLogs.Filter(container: id))
        let conflictPoints = conflicts.series.first { $0.group == "CONFLICT" }?.points.compactMap { $0 } ?? []
        #expect(conflictPoints.filter { $0 > 0 }.count >= 3 && conflictPoints.filter { $0 > 0 }.count <= 5, "one hour of conflicts")
        let week = try await telemetry.series(.requests, range: .week, group: nil, filter: ManagementLogs.Filter(container: id))
        #expect(week.series[0].points.compactMap { $0 }.reduce(0, +) > 3_000, "rolled up into hours")
    }
}
