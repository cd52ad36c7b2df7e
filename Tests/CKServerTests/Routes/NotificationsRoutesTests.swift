import CKModel
import CKServer
import CKTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Push tokens, subscriptions' notifications and the long-poll courier", .heavy)
struct NotificationsRoutesTests {
    @Test("a matching save reaches the registered token, missed notifications wait, and unmatched ones never come")
    func queryAndZoneSubscriptions() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(
            #"DEFINE SCHEMA RECORD TYPE Party ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");"#,
            into: server.container)
        try await server.live { client in
            let created = try await client.execute(
                uri: "/device/1/\(server.container)/development/tokens/create?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))",
                method: .post, body: ByteBuffer(string: #"{"apnsEnvironment":"development"}"#))
            #expect(created.status == .ok)
            let token = try #require(try created.json["apnsToken"] as? String)
            let courier = try #require(try created.json["webcourierURL"] as? String)
            #expect(Data(base64Encoded: token) != nil)
            #expect(try await server.post(client, "tokens/register", #"{"apnsEnvironment":"development","apnsToken":"\#(token)"}"#, as: me).status == .ok)
            #expect(try await server.post(client, "tokens/register", #"{"apnsEnvironment":"development","apnsToken":"bm9wZQ=="}"#, as: me).status == .badRequest)

            let subscribe = #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","subscriptionID":"picnics","firesOn":["create","delete"],"query":{"recordType":"Party","filterBy":[{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":"Picnic"}}]},"notificationInfo":{"alertBody":"A picnic!","shouldBadge":true}}}]}"#
            #expect(try (try await server.post(client, "subscriptions/modify", subscribe, as: me).json["subscriptions"] as? [[String: Any]])?.first?["serverErrorCode"] == nil)
            #expect(try await TestServer.poll(client, courier) == nil)

            let saves = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1","fields":{"title":{"value":"Picnic"}}}},{"operationType":"create","record":{"recordType":"Party","recordName":"p2","fields":{"title":{"value":"Gala"}}}},{"operationType":"create","record":{"recordType":"Party","recordName":"p3","fields":{"title":{"value":"picnic"}}}}]}"#
            let records = try TestServer.records(try await server.post(client, "records/modify", saves, as: me))
            let first = try #require(try await TestServer.poll(client, courier))
            let query = try #require((first["ck"] as? [String: Any])?["qry"] as? [String: Any])
            #expect(query["sid"] as? String == "picnics")
            #expect(query["rid"] as? String == "p1")
            #expect(query["fo"] as? Int == 1)
            #expect(query["dbs"] as? Int == 1)
            #expect((first["ck"] as? [String: Any])?["cid"] as? String == "iCloud.com.example.Party")
            #expect(((first["aps"] as? [String: Any])?["alert"] as? [String: Any])?["body"] as? String == "A picnic!")
            let second = try #require(try await TestServer.poll(client, courier))
            #expect(((second["ck"] as? [String: Any])?["qry"] as? [String: Any])?["rid"] as? String == "p3")
            #expect(try await TestServer.poll(client, courier) == nil)

            let tag = try #require(records[0]["recordChangeTag"] as? String)
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"delete","record":{"recordName":"p1","recordChangeTag":"\#(tag)"}}]}"#, as: me)
            let deletion = try #require(try await TestServer.poll(client, courier))
            #expect(((deletion["ck"] as? [String: Any])?["qry"] as? [String: Any])?["fo"] as? Int == 3)

            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            _ = try await server.post(client, "subscriptions/modify", #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"box","zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Receipt","recordName":"r1"}}]}"#, as: me, database: "private")
            let zone = try #require(try await TestServer.poll(client, courier))
            let fetch = try #require((zone["ck"] as? [String: Any])?["fet"] as? [String: Any])
            #expect(fetch["sid"] as? String == "box")
            #expect(fetch["zid"] as? String == "Box")
            #expect(fetch["dbs"] as? Int == 2)
            #expect(fetch["zoid"] as? String == server.user.userRecordName)

            let unknown = try await client.execute(uri: "/webcourier/\(String(repeating: "0", count: 64))", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("records deleted by a DELETE_SELF cascade notify, and public subscriptions see only what their owner may read")
    func cascadesAndReadGrants() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(
            #"DEFINE SCHEMA RECORD TYPE Diary ("___recordID" REFERENCE QUERYABLE, text STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_creator");"#,
            into: server.container)
        let ann = try await server.secondUser("ann")
        try await server.live { client in
            let annCourier = try await server.courier(client, ann.token)
            _ = try await server.post(client, "subscriptions/modify", #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","subscriptionID":"diaries","firesOn":["create"],"query":{"recordType":"Diary"}}}]}"#, as: .user(ann.token))
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Diary","recordName":"meis","fields":{"text":{"value":"secret"}}}}]}"#, as: me)
            #expect(try await TestServer.poll(client, annCourier) == nil)
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Diary","recordName":"anns","fields":{"text":{"value":"mine"}}}}]}"#, as: .user(ann.token))
            #expect(((try await TestServer.poll(client, annCourier)?["ck"] as? [String: Any])?["qry"] as? [String: Any])?["rid"] as? String == "anns")

            let myCourier = try await server.courier(client, server.webAuthToken)
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            let box = #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Shoebox","recordName":"shoebox"}},{"operationType":"create","record":{"recordType":"Receipt","recordName":"r1","fields":{"box":{"value":{"recordName":"shoebox","action":"DELETE_SELF"}}}}}]}"#
            let saved = try TestServer.records(try await server.post(client, "records/modify", box, as: me, database: "private"))
            _ = try await server.post(client, "subscriptions/modify", #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","subscriptionID":"receipts","zoneID":{"zoneName":"Box"},"firesOn":["delete"],"query":{"recordType":"Receipt"}}}]}"#, as: me, database: "private")
            let tag = try #require(saved[0]["recordChangeTag"] as? String)
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"delete","record":{"recordName":"shoebox","recordChangeTag":"\#(tag)"}}]}"#, as: me, database: "private")
            let cascade = try #require(((try await TestServer.poll(client, myCourier))?["ck"] as? [String: Any])?["qry"] as? [String: Any])
            #expect(cascade["rid"] as? String == "r1")
            #expect(cascade["fo"] as? Int == 3)
        }
    }

    @Test("a client already waiting on its courier URL gets the notification of a save made meanwhile")
    func waitingCourier() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let services = server.services
        try await buildApplication(services: services, port: 0).test(.live) { client in
            let courierURL = try await server.courier(client, server.webAuthToken)
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            _ = try await server.post(client, "subscriptions/modify", #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"box","zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            // The test client has one connection, so the waiting poll goes straight to the service; it waits long
            // enough for a save on a busy machine, and returns as soon as the save rings the bell.
            var patient = services.configuration
            patient.courierWait = .seconds(20)
            let notifications = NotificationService(storage: services.storage, configuration: patient, bell: services.courierBell, deliveries: services.notificationDeliveries)
            let courier = String(courierURL.split(separator: "/").last ?? "")
            async let waiting = notifications.poll(courier: courier)
            try await Task.sleep(for: .milliseconds(50))
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Receipt","recordName":"r1"}}]}"#, as: me, database: "private")
            let payload = try #require(try await waiting)
            #expect(payload.contains(#""sid":"box""#))
        }
    }

    @Test("a token's queue keeps its newest notifications, the oldest kept marked pruned (ck.p); a token nobody polls is forgotten")
    func coalescingAndExpiry() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        var configuration = server.temporary.configuration
        configuration.limits.notificationsPerToken = 3
        configuration.pushTokenIdleLifetime = .seconds(2)
        let services = ServerServices(storage: server.temporary.storage, configuration: configuration)
        try await buildApplication(services: services, port: 0).test(.live) { client in
            let courierURL = try await server.courier(client, server.webAuthToken)
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            // The type exists before the subscription, whose query its indexes must serve.
            for number in 0...5 {
                if number == 1 {
                    let subscribed = try await server.post(client, "subscriptions/modify", #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","subscriptionID":"receipts","firesOn":["create"],"query":{"recordType":"Receipt"},"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
                    #expect(try (subscribed.json["subscriptions"] as? [[String: Any]])?.first?["serverErrorCode"] == nil)
                }
                _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Receipt","recordName":"r\#(number)"}}]}"#, as: me, database: "private")
            }
            await services.notificationDeliveries.waitUntilIdle()
            var delivered: [(record: String?, pruned: Bool)] = []
            while let notification = try await TestServer.poll(client, courierURL) {
                let ck = notification["ck"] as? [String: Any]
                delivered.append(((ck?["qry"] as? [String: Any])?["rid"] as? String, ck?["p"] as? Int == 1))
            }
            #expect(delivered.map(\.record) == ["r3", "r4", "r5"])
            #expect(delivered.map(\.pruned) == [true, false, false])

            // Two seconds without a poll: the next save forgets the token, and its courier URL is unknown.
            try await Task.sleep(for: .milliseconds(2500))
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Receipt","recordName":"r6"}}]}"#, as: me, database: "private")
            await services.notificationDeliveries.waitUntilIdle()
            let path = String(courierURL.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
        }
    }
}
