import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("subscriptions/list, lookup and modify over HTTP", .heavy)
struct SubscriptionsRoutesTests {
    private func subscriptions(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(try response.json["subscriptions"] as? [[String: Any]])
    }

    @Test("query and zone subscriptions are created, listed, looked up, updated and deleted")
    func lifecycle() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(
            #"DEFINE SCHEMA RECORD TYPE Artwork ("___recordID" REFERENCE QUERYABLE, artist REFERENCE QUERYABLE, title STRING);"#,
            into: server.container)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Art"}}}]}"#, as: me, database: "private")
            let create = #"""
                {"operations":[
                  {"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"changedArtwork","zoneID":{"zoneName":"Art"}}},
                  {"operationType":"create","subscription":{"subscriptionType":"query","firesOn":["create","update","delete"],
                    "query":{"recordType":"Artwork","filterBy":[{"fieldName":"artist","comparator":"EQUALS","fieldValue":{"value":{"recordName":"Mei Chen","action":"NONE"}}}]},
                    "notificationInfo":{"alertBody":"New art","shouldBadge":true}}},
                  {"operationType":"create","subscription":{"subscriptionType":"query","firesOn":["create"],
                    "query":{"recordType":"Artwork","filterBy":[{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":"x"}}]}}},
                  {"operationType":"create","subscription":{"subscriptionType":"zone","zoneID":{"zoneName":"Nowhere"}}},
                  {"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"everyZone","zoneWide":true}}
                ]}
                """#
            let created = try subscriptions(try await server.post(client, "subscriptions/modify", create, as: me, database: "private"))
            #expect(created[0]["subscriptionID"] as? String == "changedArtwork")
            let generated = try #require(created[1]["subscriptionID"] as? String)
            #expect(UUID(uuidString: generated) != nil)
            #expect((created[1]["notificationInfo"] as? [String: Any])?["alertBody"] as? String == "New art")
            #expect(created[2]["reason"] as? String == "Field 'title' is not marked queryable")
            #expect(created[3]["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
            #expect(created[4]["subscriptionID"] as? String == "everyZone")

            let uri = server.path("subscriptions/list", database: "private") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            let listed = try subscriptions(try await client.execute(uri: uri, method: .get))
            #expect(Set(listed.compactMap { $0["subscriptionID"] as? String }) == ["changedArtwork", generated, "everyZone"])

            let lookup = try subscriptions(try await server.post(client, "subscriptions/lookup", #"{"subscriptions":[{"subscriptionID":"changedArtwork"},{"subscriptionID":"gone"}]}"#, as: me, database: "private"))
            #expect(lookup[0]["subscriptionType"] as? String == "zone")
            #expect(lookup[1]["serverErrorCode"] as? String == "NOT_FOUND")

            let update = #"{"operations":[{"operationType":"update","subscription":{"subscriptionType":"zone","subscriptionID":"changedArtwork","zoneID":{"zoneName":"Art"},"notificationInfo":{"shouldSendContentAvailable":true}}},{"operationType":"update","subscription":{"subscriptionType":"zone","subscriptionID":"never","zoneID":{"zoneName":"Art"}}}]}"#
            let updated = try subscriptions(try await server.post(client, "subscriptions/modify", update, as: me, database: "private"))
            #expect((updated[0]["notificationInfo"] as? [String: Any])?["shouldSendContentAvailable"] as? Bool == true)
            #expect(updated[1]["serverErrorCode"] as? String == "NOT_FOUND")

            // A delete may name the subscription by ID alone, as OpenCloudKit sends it.
            let delete = #"{"operations":[{"operationType":"delete","subscription":{"subscriptionID":"changedArtwork"}},{"operationType":"delete","subscription":{"subscriptionType":"zone","subscriptionID":"changedArtwork"}}]}"#
            let deleted = try subscriptions(try await server.post(client, "subscriptions/modify", delete, as: me, database: "private"))
            #expect(deleted[0]["serverErrorCode"] == nil)
            #expect(deleted[0]["subscriptionType"] as? String == "zone")
            #expect(deleted[1]["serverErrorCode"] as? String == "NOT_FOUND")
            let ann = try await server.secondUser("ann")
            let annList = try await client.execute(
                uri: server.path("subscriptions/list", database: "private") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(ann.token))",
                method: .get)
            #expect(try subscriptions(annList).isEmpty)
        }
    }
}
