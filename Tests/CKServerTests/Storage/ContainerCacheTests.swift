import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

/// What a server remembers of a container between requests (`CachedStorage`) never outlives a change: each test
/// makes a first request (which fills memory), changes the container through the same server or through another
/// one sharing its data folder, and checks that the very next request sees the change.
@Suite("A change to a container is in force on the next request, through this server or another sharing its data", .heavy)
struct ContainerCacheTests {
    private typealias Edit = ManagementSchema.Edit

    /// `false`: the change goes through the server that answers; `true`: through a second server on the same data.
    static let throughAnotherServer = [false, true]

    private func edit(_ client: any TestClientProtocol, _ server: TestServer, _ edits: [Edit]) async throws {
        let response = try await TestServer.management(
            client, .post, "containers/\(server.container)/schema/edit", ManagementSchema.EditRequest(operations: edits), token: server.managementToken)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
    }

    /// Creates a `Poster` in the public database as the user; the error code, or `nil` when it was created.
    private func createPoster(_ client: any TestClientProtocol, _ server: TestServer, _ name: String) async throws -> String? {
        let response = try await server.post(
            client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Poster","recordName":"\#(name)"}}]}"#,
            as: .user(server.webAuthToken))
        guard response.status == .ok else { return try response.json["serverErrorCode"] as? String ?? "HTTP \(response.status.code)" }
        return try TestServer.records(response).first?["serverErrorCode"] as? String
    }

    @Test("a schema edit: a revoked grant refuses the next save, granted again it allows it", arguments: throughAnotherServer)
    func schemaEdit(throughAnotherServer: Bool) async throws {
        let server = try await TestServer()
        try await server.liveTwice(changingThroughAnotherServer: throughAnotherServer) { answering, changing in
            try await edit(changing, server, [Edit(.createRecordType, recordType: "Poster")])
            #expect(try await createPoster(answering, server, "p1") == nil)
            try await edit(changing, server, [Edit(.revoke, recordType: "Poster", role: "_icloud", permission: "CREATE")])
            #expect(try await createPoster(answering, server, "p2") == "ACCESS_DENIED")
            try await edit(changing, server, [Edit(.grant, recordType: "Poster", role: "_icloud", permission: "CREATE")])
            #expect(try await createPoster(answering, server, "p3") == nil)
        }
    }

    @Test("a role change: a user given the role that may create saves at once, and is refused once it is taken away", arguments: throughAnotherServer)
    func roleChange(throughAnotherServer: Bool) async throws {
        let server = try await TestServer()
        try await server.liveTwice(changingThroughAnotherServer: throughAnotherServer) { answering, changing in
            try await edit(changing, server, [
                Edit(.createRecordType, recordType: "Poster"), Edit(.createRole, role: "Printer"),
                Edit(.revoke, recordType: "Poster", role: "_icloud", permission: "CREATE"),
                Edit(.grant, recordType: "Poster", role: "Printer", permission: "CREATE"),
            ])
            #expect(try await createPoster(answering, server, "p1") == "ACCESS_DENIED")
            let roles = "containers/\(server.container)/users/\(server.user.userRecordName)/roles"
            for (assigned, name, expected) in [(true, "p2", nil), (false, "p3", "ACCESS_DENIED")] {
                let changed = try await TestServer.management(
                    changing, .post, roles, ManagementUsers.RoleRequest(role: "Printer", assigned: assigned), token: server.managementToken)
                #expect(changed.status == .ok)
                #expect(try await createPoster(answering, server, name) == expected)
            }
        }
    }

    @Test("a revoked API token is refused on the next request", arguments: throughAnotherServer)
    func revokedToken(throughAnotherServer: Bool) async throws {
        let server = try await TestServer()
        try await server.liveTwice(changingThroughAnotherServer: throughAnotherServer) { answering, changing in
            let lookup = #"{"records":[{"recordName":"nothing"}]}"#
            #expect(try await server.post(answering, "records/lookup", lookup, as: .world).status == .ok)
            let tokens = "containers/\(server.container)/apiTokens"
            let list = try TestServer.decode(
                ManagementCredentials.TokenList.self, try await TestServer.management(changing, .get, tokens, token: server.managementToken))
            let id = try #require(list.tokens.first?.id)
            let revoked = try await TestServer.management(
                changing, .post, tokens + "/revoke", ManagementCredentials.RevokeRequest(id: id), token: server.managementToken)
            #expect(revoked.status == .ok)
            let refused = try await server.post(answering, "records/lookup", lookup, as: .world)
            #expect(try refused.json["serverErrorCode"] as? String == "AUTHENTICATION_FAILED")
        }
    }

    @Test("a deleted zone: the next read or save in it is ZONE_NOT_FOUND, and once created again it is saved", arguments: throughAnotherServer)
    func deletedZone(throughAnotherServer: Bool) async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.liveTwice(changingThroughAnotherServer: throughAnotherServer) { answering, changing in
            let zone = { (operation: String) in #"{"operations":[{"operationType":"\#(operation)","zone":{"zoneID":{"zoneName":"Trips"}}}]}"# }
            let save = { (name: String) in
                #"{"zoneID":{"zoneName":"Trips"},"operations":[{"operationType":"create","record":{"recordType":"Trip","recordName":"\#(name)"}}]}"#
            }
            #expect(try await server.post(changing, "zones/modify", zone("create"), as: me, database: "private").status == .ok)
            #expect(try TestServer.records(try await server.post(answering, "records/modify", save("t1"), as: me, database: "private")).first?["serverErrorCode"] == nil)
            #expect(try await server.post(changing, "zones/modify", zone("delete"), as: me, database: "private").status == .ok)
            let lookup = #"{"zoneID":{"zoneName":"Trips"},"records":[{"recordName":"t1"}]}"#
            for refused in [
                try await server.post(answering, "records/lookup", lookup, as: me, database: "private"),
                try await server.post(answering, "records/modify", save("t2"), as: me, database: "private"),
            ] {
                #expect(try refused.json["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
            }
            #expect(try await server.post(changing, "zones/modify", zone("create"), as: me, database: "private").status == .ok)
            #expect(try TestServer.records(try await server.post(answering, "records/modify", save("t3"), as: me, database: "private")).first?["serverErrorCode"] == nil)
        }
    }

    @Test("a subscription made after a save was matched fires for the next save", arguments: throughAnotherServer)
    func newSubscription(throughAnotherServer: Bool) async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.liveTwice(changingThroughAnotherServer: throughAnotherServer) { answering, changing in
            let courier = try await server.courier(answering, server.webAuthToken)
            _ = try await server.post(answering, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            let save = { (name: String) in
                #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"create","record":{"recordType":"Note","recordName":"\#(name)"}}]}"#
            }
            _ = try await server.post(answering, "records/modify", save("n1"), as: me, database: "private")
            let subscribe = #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"notes","zoneID":{"zoneName":"Box"}}}]}"#
            #expect(try await server.post(changing, "subscriptions/modify", subscribe, as: me, database: "private").status == .ok)
            _ = try await server.post(answering, "records/modify", save("n2"), as: me, database: "private")
            var notification: [String: Any]?
            // The notification is queued after the save answered: poll until it comes (each poll waits 300 ms).
            for _ in 0..<10 where notification == nil {
                notification = try await TestServer.poll(answering, courier)
            }
            #expect(((notification?["ck"] as? [String: Any])?["fet"] as? [String: Any])?["sid"] as? String == "notes")
        }
    }

    @Test("a fires-once subscription fires once when two servers match a save against it at the same container version")
    func firesOnceAcrossServers() async throws {
        let temporary = try await TemporaryStorage()
        let id = ContainerID(rawValue: "iCloud.com.example.Party")!
        let container = try await ContainerService(storage: temporary.storage).create(id)
        let (user, _) = try await UserService(storage: temporary.storage, configuration: temporary.configuration)
            .create(name: "mei", emailAddress: nil, in: id)
        // The type exists, so that no save changes the schema (which would make its server read afresh).
        _ = try await SchemaService(storage: temporary.storage).importDevelopment(
            #"DEFINE SCHEMA RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");"#,
            into: id)
        let box = ZoneKey(container: id, environment: .development, database: .private, ownerRecordName: user.userRecordName, zoneName: "Box")
        _ = try await temporary.storage.createZone(box)
        try await temporary.storage.saveSubscription(
            Subscription(subscriptionID: "once", subscriptionType: .zone, zoneID: ZoneID(zoneName: "Box"), firesOnce: true), in: box.databaseKey)
        try await temporary.storage.createPushToken("token", for: user.userRecordName, in: id, environment: .development, now: Date())
        #expect(try await temporary.storage.registerPushToken("token", for: user.userRecordName, in: id, now: Date()))
        let access = DatabaseAccess(container: container, environment: .development, database: .private, caller: .user(user), serverURL: "")
        // Two servers on the same data, each with its memory, its bell and its deliveries.
        let servers = [temporary.storage, try await temporary.reopened()].map { storage in
            let services = ServerServices(storage: storage, configuration: temporary.configuration)
            return (services, RecordService(storage: services.storage, notifications: NotificationService(services: services)))
        }
        let save = { (name: String, zone: String?) in
            RecordsModify.Request(operations: [RecordOperation(.create, Record(recordName: name, recordType: "Note"))], zoneID: zone.map { ZoneID(zoneName: $0) })
        }
        // Both requests began before either save: both read the version the subscription was saved at.
        let version = try #require(try await temporary.storage.version(of: id))
        try await ContainerVersion.$current.withValue(ContainerVersion(container: id, version: version)) {
            _ = try await servers[1].1.modify(save("elsewhere", nil), access: access)
            _ = try await servers[0].1.modify(save("first", "Box"), access: access)
            _ = try await servers[1].1.modify(save("second", "Box"), access: access)
        }
        for (services, _) in servers {
            await services.notificationDeliveries.waitUntilIdle()
        }
        var delivered = 0
        while try await temporary.storage.takeNotification(for: "token") != nil {
            delivered += 1
        }
        #expect(delivered == 1)
    }

    @Test("the container version moves with every change to what servers keep, and a write that changes none of it keeps it")
    func versionMoves() async throws {
        let temporary = try await TemporaryStorage()
        let storage = temporary.storage
        let id = ContainerID(rawValue: "iCloud.com.example.Party")!
        _ = try await ContainerService(storage: storage).create(id)
        let trips = ZoneKey(container: id, environment: .development, database: .private, ownerRecordName: "_mei", zoneName: "Trips")
        let subscription = Subscription(subscriptionID: "trips", subscriptionType: .zone, zoneID: ZoneID(zoneName: "Trips"))
        var last = try #require(try await storage.version(of: id))
        let changes: [(String, Bool, () async throws -> Void)] = [
            ("zone created", true, { _ = try await storage.createZone(trips) }),
            ("subscription saved", true, { try await storage.saveSubscription(subscription, in: trips.databaseKey) }),
            ("the same subscription saved again", false, { try await storage.saveSubscription(subscription, in: trips.databaseKey) }),
            ("subscription changed", true, {
                var changed = subscription
                changed.firesOnce = true
                try await storage.saveSubscription(changed, in: trips.databaseKey)
            }),
            ("schema changed", true, { _ = try await SchemaService(storage: storage).importDevelopment("DEFINE SCHEMA RECORD TYPE Trip (name STRING);", into: id) }),
            ("schema written unchanged", false, { _ = try await storage.updateSchemas(of: id) { _ in ((), nil) } }),
            ("subscription deleted", true, { _ = try await storage.deleteSubscription("trips", in: trips.databaseKey) }),
            ("zone deleted", true, { _ = try await storage.deleteZone(trips) }),
        ]
        for (change, moves, make) in changes {
            try await make()
            let now = try #require(try await storage.version(of: id))
            #expect((now > last) == moves, "\(change)")
            last = now
        }
        #expect(try await storage.version(of: ContainerID(rawValue: "iCloud.com.example.None")!) == nil)
    }
}
