import CKClient
import CKModel
import CKTestSupport
import Foundation
import Testing

@Suite("Notifications through the long-poll courier against the real server", .heavy)
struct NotificationsOperationTests {
    @Test("a registered token's courier answers nil while nothing fires, then each notification, decoded, in order")
    func pollsNotifications() async throws {
        try await LiveServer.run(courierWait: .milliseconds(300)) { server in
            let client = server.userClient()
            let token = try await client.createToken(apnsEnvironment: "development")
            try await client.registerToken(token.apnsToken, apnsEnvironment: "development")
            _ = try await client.modifySubscriptions(saving: [Subscription(
                subscriptionID: "parties", subscriptionType: .query, query: Query(recordType: "Party"), firesOn: [.create, .delete],
                notificationInfo: NotificationInfo(alertBody: "A party!", shouldBadge: true))])
            #expect(try await client.pollNotification(courierURL: token.webcourierURL) == nil)

            _ = try await client.modifyRecords(saving: [Record(recordName: "party-1", recordType: "Party", fields: ["title": .string("Picnic")])])
            let created = try #require(try await client.pollNotification(courierURL: token.webcourierURL))
            #expect(created.notificationType == .query && created.subscriptionID == "parties")
            #expect(created.recordName == "party-1" && created.queryNotificationReason == .recordCreated)
            #expect(created.zoneID?.zoneName == ZoneID.defaultZoneName && created.databaseScope == .public)
            #expect(created.containerIdentifier == server.container.rawValue && created.notificationID != nil)
            #expect(created.alertBody == "A party!" && created.badge == 1 && !created.isPruned)

            _ = try await client.modifyRecords(deleting: ["party-1"])
            let deleted = try #require(try await client.pollNotification(courierURL: token.webcourierURL))
            #expect(deleted.queryNotificationReason == .recordDeleted && deleted.recordName == "party-1")

            let own = server.userClient(database: .private)
            let zone = ZoneID(zoneName: "Notes")
            _ = try await own.modifyZones(saving: [zone])
            _ = try await own.modifySubscriptions(saving: [Subscription(subscriptionID: "notes", subscriptionType: .zone, zoneID: zone)])
            _ = try await own.modifyRecords(saving: [Record(recordName: "note-1", recordType: "Party")], in: zone)
            let changed = try #require(try await client.pollNotification(courierURL: token.webcourierURL))
            #expect(changed.notificationType == .recordZone && changed.subscriptionID == "notes" && changed.databaseScope == .private)
            #expect(changed.zoneID == ZoneID(zoneName: "Notes", ownerRecordName: server.user.userRecordName))
            #expect(changed.recordName == nil && changed.queryNotificationReason == nil)
        }
    }

    @Test("an unknown courier URL is the server's NOT_FOUND; a cancelled poll ends long before the courier's 60-second wait, and so does the server's stop")
    func unknownAndCancelled() async throws {
        // What is measured against the courier's wait: a poll or a stop that waited it out would take 60 s; one that
        // did not takes milliseconds, or a few seconds on a busy machine, well under the 30 s allowed.
        let cancelled = try await LiveServer.run(courierWait: .seconds(60)) { server in
            let client = server.userClient()
            let unknown = await #expect(throws: CloudKitClientError.self) {
                try await client.pollNotification(courierURL: "\(server.url.absoluteString)/webcourier/\(String(repeating: "0", count: 64))")
            }
            #expect(unknown?.serverErrorCode == .notFound)

            let token = try await client.createToken()
            let poll = Task { try await client.pollNotification(courierURL: token.webcourierURL) }
            try await Task.sleep(for: .milliseconds(200))
            let cancelled = ContinuousClock.now
            poll.cancel()
            await #expect(throws: CancellationError.self) { try await poll.value }
            #expect(ContinuousClock.now - cancelled < .seconds(30), "the cancelled poll waited for the server's courier wait to end")
            return cancelled
        }
        #expect(ContinuousClock.now - cancelled < .seconds(30), "stopping the server waited out the abandoned poll's courier wait")
    }

    @Test("a notification is written back in the courier's shape")
    func roundTrip() throws {
        let notification = SubscriptionNotification(
            notificationID: "n-1", containerIdentifier: "iCloud.com.example.Party", notificationType: .recordZone, subscriptionID: "notes",
            zoneID: ZoneID(zoneName: "Notes", ownerRecordName: "_owner"), databaseScope: .private, alertBody: "Changed", isContentAvailable: true)
        let bytes = Array(try JSONEncoder().encode(notification))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""fet":{"#) && text.contains(#""content-available":1"#) && text.contains(#""dbs":2"#))
        #expect(try JSONValueDecoder().decode(SubscriptionNotification.self, from: bytes) == notification)
    }
}
