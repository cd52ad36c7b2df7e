import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

/// What only servers sharing a PostgreSQL database have: a channel between them.
@Suite("Several servers on one PostgreSQL database", .heavy, .enabled(if: TestStorageEngine.postgresURL != nil, "CKSERVER_TEST_POSTGRES names no server"))
struct SeveralServersTests {
    @Test("a courier waiting on one server is woken by a save through another, long before it would read its queue again")
    func courierWokenAcrossServers() async throws {
        // The courier would read its queue again only after a minute, and gives up after 20 seconds: only the
        // wake-up from the other server can bring the notification.
        let server = try await TestServer(engine: .postgres(TestStorageEngine.freshLocation()), courierWait: .seconds(20), courierRecheck: .seconds(60))
        let me = TestCredentials.user(server.webAuthToken)
        try await server.liveTwice(changingThroughAnotherServer: true) { answering, changing in
            let courier = try await server.courier(answering, server.webAuthToken)
            _ = try await server.post(answering, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            let subscribe = #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"notes","zoneID":{"zoneName":"Box"}}}]}"#
            #expect(try await server.post(answering, "subscriptions/modify", subscribe, as: me, database: "private").status == .ok)
            let clock = ContinuousClock()
            let start = clock.now
            async let polled = TestServer.poll(answering, courier)
            // The poll is waiting by then: what wakes it is the save below.
            try await Task.sleep(for: .milliseconds(300))
            let save = #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Note","recordName":"n1"}}]}"#
            #expect(try await server.post(changing, "records/modify", save, as: me, database: "private").status == .ok)
            let notification = try await polled
            #expect(((notification?["ck"] as? [String: Any])?["fet"] as? [String: Any])?["sid"] as? String == "notes")
            #expect(clock.now - start < .seconds(15), "the courier answered only when its wait ended")
        }
    }

    @Test("a file uploaded through one server downloads through another: files live in the database, not a server's folder")
    func assetAcrossServers() async throws {
        let server = try await TestServer(engine: .postgres(TestStorageEngine.freshLocation()))
        let me = TestCredentials.user(server.webAuthToken)
        try await server.liveTwice(changingThroughAnotherServer: true) { answering, changing in
            let tokens = try await server.post(changing, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: me)
                .json["tokens"] as? [[String: Any]]
            let url = try #require(tokens?.first?["url"] as? String)
            let uploaded = try await changing.execute(uri: try #require(URL(string: url)).path, method: .post, body: ByteBuffer(string: "cake"))
            let receipt = try #require((try uploaded.json["singleFile"] as? [String: Any])?["receipt"] as? String)
            let downloaded = try await answering.execute(uri: "/assets/download/\(server.container)/\(receipt)", method: .get)
            #expect(downloaded.status == .ok)
            #expect(String(buffer: downloaded.body) == "cake")
        }
    }
}
