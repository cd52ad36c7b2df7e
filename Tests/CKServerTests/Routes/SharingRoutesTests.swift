import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("Sharing: cloudkit.share records, records/resolve and records/accept, and the shared database", .heavy)
struct SharingRoutesTests {
    private func first(_ response: TestResponse, _ key: String) throws -> [String: Any] {
        try #require((try response.json[key] as? [[String: Any]])?.first)
    }

    private func modify(_ server: TestServer, _ client: any TestClientProtocol, _ zone: String, owner: String? = nil, _ operations: String,
                        as credentials: TestCredentials, database: String = "private") async throws -> [[String: Any]] {
        let zoneID = owner.map { #"{"zoneName":"\#(zone)","ownerRecordName":"\#($0)"}"# } ?? #"{"zoneName":"\#(zone)"}"#
        return try TestServer.records(try await server.post(
            client, "records/modify", #"{"zoneID":\#(zoneID),"atomic":false,"operations":[\#(operations)]}"#, as: credentials, database: database))
    }

    @Test("a record share reaches its invited participant, once accepted, with the records below its root and nothing else")
    func recordShare() async throws {
        let server = try await TestServer()
        let mei = TestCredentials.user(server.webAuthToken)
        let owner = server.user.userRecordName
        let ann = try await server.secondUser("ann", email: "ann@example.com")
        let bob = try await server.secondUser("bob")
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Trip"}}}]}"#, as: mei, database: "private")
            _ = try await modify(server, client, "Trip", #"""
                {"operationType":"create","record":{"recordType":"Plan","recordName":"plan","fields":{"title":{"value":"Alps"}}}},
                {"operationType":"create","record":{"recordType":"Plan","recordName":"item1","parent":{"recordName":"plan"}}},
                {"operationType":"create","record":{"recordType":"Plan","recordName":"secret"}}
                """#, as: mei)
            let share = try await modify(server, client, "Trip", #"""
                {"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"share1","forRecord":{"recordName":"plan"},
                 "publicPermission":"NONE","fields":{"cloudkit.title":{"value":"Alps trip"}},
                 "participants":[{"userIdentity":{"lookupInfo":{"emailAddress":"ann@example.com"}},"permission":"READ_WRITE","type":"USER"}]}}
                """#, as: mei)[0]
            let shortGUID = try #require(share["shortGUID"] as? String)
            #expect(share["publicPermission"] as? String == "NONE")
            let participants = try #require(share["participants"] as? [[String: Any]])
            #expect(participants.compactMap { $0["acceptanceStatus"] as? String } == ["ACCEPTED", "INVITED"])
            #expect((share["owner"] as? [String: Any])?["type"] as? String == "OWNER")
            let root = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Trip"},"records":[{"recordName":"plan"}]}"#, as: mei, database: "private"))[0]
            #expect((root["share"] as? [String: Any])?["recordName"] as? String == "share1")

            let query = "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(ann.token))"
            #expect((try await client.execute(uri: server.path("zones/list", database: "shared") + query, method: .get).json["zones"] as? [Any])?.isEmpty == true)
            let resolved = try first(try await server.post(client, "records/resolve", #"{"shortGUIDs":[{"value":"\#(shortGUID)","shouldFetchRootRecord":true}]}"#, as: .user(ann.token)), "results")
            #expect(resolved["participantStatus"] as? String == "INVITED")
            #expect(resolved["databaseScope"] as? String == "SHARED")
            #expect((resolved["rootRecord"] as? [String: Any])?["recordName"] as? String == "plan")
            let link = try #require(resolved["webpageURL"] as? String)
            #expect(link.hasSuffix("/share/\(shortGUID)"), "the share's link ends in its short GUID: \(link)")
            let page = try await client.execute(uri: "/share/\(shortGUID)", method: .get)
            #expect(page.status == .ok && String(buffer: page.body).contains(":accept \(shortGUID)"), "the link opens a page saying how to join")
            #expect(!String(buffer: page.body).contains("plan"), "the page tells nothing of the share")
            #expect(try await client.execute(uri: "/share/not%20a%20guid", method: .get).status == .notFound)
            let refused = try first(try await server.post(client, "records/resolve", #"{"shortGUIDs":[{"value":"\#(shortGUID)"}]}"#, as: .user(bob.token)), "results")
            #expect(refused["serverErrorCode"] as? String == "ACCESS_DENIED")

            let accepted = try first(try await server.post(client, "records/accept", #"{"shortGUIDs":[{"value":"\#(shortGUID)"}]}"#, as: .user(ann.token)), "results")
            #expect(accepted["participantStatus"] as? String == "ACCEPTED")
            let zone = try first(try await client.execute(uri: server.path("zones/list", database: "shared") + query, method: .get), "zones")
            #expect((zone["zoneID"] as? [String: Any])?["ownerRecordName"] as? String == owner)

            let lookup = try TestServer.records(try await server.post(
                client, "records/lookup", #"{"zoneID":{"zoneName":"Trip","ownerRecordName":"\#(owner)"},"records":[{"recordName":"plan"},{"recordName":"item1"},{"recordName":"secret"},{"recordName":"share1"}]}"#,
                as: .user(ann.token), database: "shared"))
            #expect(lookup.map { $0["serverErrorCode"] as? String } == [nil, nil, "NOT_FOUND", nil])
            let written = try await modify(server, client, "Trip", owner: owner, #"""
                {"operationType":"create","record":{"recordType":"Plan","recordName":"item2","parent":{"recordName":"plan"}}},
                {"operationType":"create","record":{"recordType":"Plan","recordName":"orphan"}},
                {"operationType":"forceUpdate","record":{"recordType":"Plan","recordName":"secret","fields":{"title":{"value":"mine now"}}}}
                """#, as: .user(ann.token), database: "shared")
            #expect(written.map { $0["serverErrorCode"] as? String } == [nil, "ACCESS_DENIED", "ACCESS_DENIED"])
            let meisView = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Trip"},"records":[{"recordName":"item2"},{"recordName":"secret"}]}"#, as: mei, database: "private"))
            #expect(meisView[0]["recordName"] as? String == "item2" && meisView[0]["serverErrorCode"] == nil)
            #expect((meisView[1]["fields"] as? [String: Any])?["title"] == nil)

            let changes = try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Trip","ownerRecordName":"\#(owner)"}}]}"#, as: .user(ann.token), database: "shared")
            let changed = try #require(try first(changes, "zones")["records"] as? [[String: Any]]).compactMap { $0["recordName"] as? String }
            #expect(Set(changed) == ["plan", "item1", "item2", "share1"])
            let databaseChanges = try await server.post(client, "changes/database", "{}", as: .user(ann.token), database: "shared")
            #expect((try databaseChanges.json["zones"] as? [Any])?.count == 1)
        }
    }

    @Test("a zone-wide share with a public permission lets anyone signed in accept it, and read but not write")
    func zoneShare() async throws {
        let server = try await TestServer()
        let mei = TestCredentials.user(server.webAuthToken)
        let bob = try await server.secondUser("bob")
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Open"}}}]}"#, as: mei, database: "private")
            _ = try await modify(server, client, "Open", #"{"operationType":"create","record":{"recordType":"Note","recordName":"n1"}}"#, as: mei)
            let share = try await modify(server, client, "Open", #"{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare","publicPermission":"READ_ONLY"}}"#, as: mei)[0]
            let shortGUID = try #require(share["shortGUID"] as? String)
            let misplaced = try await modify(server, client, "_defaultZone", #"{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare"}}"#, as: mei)[0]
            #expect(misplaced["serverErrorCode"] as? String == "BAD_REQUEST")

            let accepted = try first(try await server.post(client, "records/accept", #"{"shortGUIDs":[{"value":"\#(shortGUID)"}]}"#, as: .user(bob.token)), "results")
            #expect(accepted["participantType"] as? String == "PUBLIC_USER")
            #expect(accepted["participantPermission"] as? String == "READ_ONLY")
            let zoneID = #"{"zoneName":"Open","ownerRecordName":"\#(server.user.userRecordName)"}"#
            let read = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":\#(zoneID),"records":[{"recordName":"n1"}]}"#, as: .user(bob.token), database: "shared"))
            #expect(read[0]["serverErrorCode"] == nil)
            let write = try await modify(server, client, "Open", owner: server.user.userRecordName, #"{"operationType":"create","record":{"recordType":"Note","recordName":"n2"}}"#, as: .user(bob.token), database: "shared")
            #expect(write[0]["serverErrorCode"] as? String == "ACCESS_DENIED")
            let unknown = try first(try await server.post(client, "records/resolve", #"{"shortGUIDs":[{"value":"nope"}]}"#, as: .user(bob.token)), "results")
            #expect(unknown["serverErrorCode"] as? String == "NOT_FOUND")
            let noAccess = try await modify(server, client, "Open", #"""
                {"operationType":"forceUpdate","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare","recordChangeTag":"x",
                 "participants":[{"userIdentity":{"lookupInfo":{"userRecordName":"\#(bob.recordName)"}},"permission":"NONE"}]}}
                """#, as: mei)[0]
            #expect(noAccess["serverErrorCode"] as? String == "BAD_REQUEST", "a participant without access is one left out, not one listed with NONE")
        }
    }

    @Test("records/query on cloudkit.share lists a zone's or a database's shares, for the owner and for a participant, and not in the public database")
    func shareQuery() async throws {
        let server = try await TestServer()
        let mei = TestCredentials.user(server.webAuthToken)
        let ann = try await server.secondUser("ann")
        try await server.live { client in
            for zone in ["Trip", "Home"] {
                _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"\#(zone)"}}}]}"#, as: mei, database: "private")
            }
            _ = try await modify(server, client, "Trip", #"{"operationType":"create","record":{"recordType":"Plan","recordName":"plan"}}"#, as: mei)
            _ = try await modify(server, client, "Trip", #"""
                {"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"share1","forRecord":{"recordName":"plan"},
                 "participants":[{"userIdentity":{"lookupInfo":{"userRecordName":"\#(ann.recordName)"}},"permission":"READ_ONLY"}]}}
                """#, as: mei)
            _ = try await modify(server, client, "Home", #"{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare"}}"#, as: mei)
            func names(_ body: String, as credentials: TestCredentials, database: String) async throws -> [String] {
                try TestServer.records(try await server.post(client, "records/query", body, as: credentials, database: database)).map {
                    ($0["recordName"] as? String) ?? ($0["serverErrorCode"] as? String ?? "?")
                }
            }
            let query = #""query":{"recordType":"cloudkit.share"}"#
            #expect(try await names(#"{"zoneID":{"zoneName":"Trip"},\#(query)}"#, as: mei, database: "private") == ["share1"])
            #expect(try await names(#"{"zoneWide":true,\#(query)}"#, as: mei, database: "private") == ["cloudkit.zoneshare", "share1"])
            let newestFirst = #""query":{"recordType":"cloudkit.share","sortBy":[{"fieldName":"___createTime","ascending":false}]}"#
            #expect(try await names(#"{"zoneID":{"zoneName":"Trip"},\#(newestFirst)}"#, as: mei, database: "private") == ["share1"])
            let named = #""query":{"recordType":"cloudkit.share","filterBy":[{"fieldName":"___recordID","comparator":"EQUALS","fieldValue":{"value":{"recordName":"share1"}}}]}"#
            #expect(try await names(#"{"zoneID":{"zoneName":"Trip"},\#(named)}"#, as: mei, database: "private") == ["share1"])
            let shortGUID = try #require(try TestServer.records(try await server.post(
                client, "records/lookup", #"{"zoneID":{"zoneName":"Trip"},"records":[{"recordName":"share1"}]}"#, as: mei, database: "private"))[0]["shortGUID"] as? String)
            _ = try await server.post(client, "records/accept", #"{"shortGUIDs":[{"value":"\#(shortGUID)"}]}"#, as: .user(ann.token))
            #expect(try await names(#"{"zoneWide":true,\#(query)}"#, as: .user(ann.token), database: "shared") == ["share1"])
            let annsView = try TestServer.records(try await server.post(client, "records/query", #"{"zoneWide":true,\#(query)}"#, as: .user(ann.token), database: "shared"))
            #expect((annsView.first?["currentUserParticipant"] as? [String: Any])?["acceptanceStatus"] as? String == "ACCEPTED")
            let publicQuery = try await server.post(client, "records/query", #"{\#(query)}"#, as: mei, database: "public")
            #expect(publicQuery.status == .badRequest)
        }
    }

    @Test("changes/database on the shared database answers only the zones changed, newly shared or no longer shared since its token")
    func sharedDatabaseChanges() async throws {
        let server = try await TestServer()
        let mei = TestCredentials.user(server.webAuthToken)
        let ann = try await server.secondUser("ann")
        try await server.live { client in
            var shortGUIDs: [String] = []
            for zone in ["Home", "Trip"] {
                _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"\#(zone)"}}}]}"#, as: mei, database: "private")
                let share = try await modify(server, client, zone, #"{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare","publicPermission":"READ_ONLY"}}"#, as: mei)[0]
                shortGUIDs.append(try #require(share["shortGUID"] as? String))
            }
            for shortGUID in shortGUIDs {
                _ = try await server.post(client, "records/accept", #"{"shortGUIDs":[{"value":"\#(shortGUID)"}]}"#, as: .user(ann.token))
            }
            func changes(after token: String?, limit: Int? = nil) async throws -> (zones: [String], token: String, moreComing: Bool) {
                var fields: [String] = []
                if let token { fields.append(#""syncToken":"\#(token)""#) }
                if let limit { fields.append(#""resultsLimit":\#(limit)"#) }
                let json = try await server.post(client, "changes/database", "{\(fields.joined(separator: ","))}", as: .user(ann.token), database: "shared").json
                let zones = (json["zones"] as? [[String: Any]] ?? []).map { zone in
                    ((zone["zoneID"] as? [String: Any])?["zoneName"] as? String ?? "?") + (zone["deleted"] as? Bool == true ? " deleted" : "")
                }
                return (zones, try #require(json["syncToken"] as? String), json["moreComing"] as? Bool ?? false)
            }
            let first = try await changes(after: nil, limit: 1)
            #expect(first.zones == ["Home"] && first.moreComing)
            let all = try await changes(after: first.token)
            #expect(all.zones == ["Trip"] && !all.moreComing)
            #expect(try await changes(after: all.token).zones.isEmpty)

            _ = try await modify(server, client, "Trip", #"{"operationType":"create","record":{"recordType":"Plan","recordName":"p1"}}"#, as: mei)
            let written = try await changes(after: all.token)
            #expect(written.zones == ["Trip"])
            let home = try TestServer.records(try await server.post(
                client, "records/lookup", #"{"zoneID":{"zoneName":"Home"},"records":[{"recordName":"cloudkit.zoneshare"}]}"#, as: mei, database: "private"))[0]
            let tag = try #require(home["recordChangeTag"] as? String)
            _ = try await modify(server, client, "Home", #"{"operationType":"delete","record":{"recordName":"cloudkit.zoneshare","recordChangeTag":"\#(tag)"}}"#, as: mei)
            #expect(try await changes(after: written.token).zones == ["Home deleted"])
            #expect(try await changes(after: nil).zones == ["Trip"])
            let refused = try await server.post(client, "changes/database", #"{"syncToken":"bm9wZQ=="}"#, as: .user(ann.token), database: "shared")
            #expect(refused.status == .badRequest)
        }
    }

    @Test("a participant's subscription in their shared database fires for the shared records the owner changes or deletes, and only for those")
    func participantNotifications() async throws {
        let server = try await TestServer(courierWait: .seconds(20))
        let mei = TestCredentials.user(server.webAuthToken)
        let owner = server.user.userRecordName
        let ann = try await server.secondUser("ann")
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Trip"}}}]}"#, as: mei, database: "private")
            _ = try await modify(server, client, "Trip", #"""
                {"operationType":"create","record":{"recordType":"Plan","recordName":"plan"}},
                {"operationType":"create","record":{"recordType":"Plan","recordName":"secret"}}
                """#, as: mei)
            let share = try await modify(server, client, "Trip", #"""
                {"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"share1","forRecord":{"recordName":"plan"},
                 "participants":[{"userIdentity":{"lookupInfo":{"userRecordName":"\#(ann.recordName)"}},"permission":"READ_ONLY"}]}}
                """#, as: mei)[0]
            let shortGUID = try #require(share["shortGUID"] as? String)
            _ = try await server.post(client, "records/accept", #"{"shortGUIDs":[{"value":"\#(shortGUID)"}]}"#, as: .user(ann.token))
            let courier = try await server.courier(client, ann.token)
            let subscribed = try await server.post(client, "subscriptions/modify", #"""
                {"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","subscriptionID":"plans","firesOn":["create","update","delete"],
                 "zoneID":{"zoneName":"Trip","ownerRecordName":"\#(owner)"},"query":{"recordType":"Plan"}}}]}
                """#, as: .user(ann.token), database: "shared")
            #expect((try subscribed.json["subscriptions"] as? [[String: Any]])?.first?["serverErrorCode"] == nil)

            _ = try await modify(server, client, "Trip", #"{"operationType":"forceUpdate","record":{"recordName":"secret","recordChangeTag":"x","fields":{"title":{"value":"not shared"}}}}"#, as: mei)
            _ = try await modify(server, client, "Trip", #"{"operationType":"create","record":{"recordType":"Plan","recordName":"item","parent":{"recordName":"plan"}}}"#, as: mei)
            let notification = try #require((try await TestServer.poll(client, courier)?["ck"] as? [String: Any])?["qry"] as? [String: Any])
            #expect(notification["rid"] as? String == "item", "the change of a record the share does not cover fires nothing")
            #expect(notification["dbs"] as? Int == 3)
            #expect(notification["zid"] as? String == "Trip" && notification["zoid"] as? String == owner)

            // A record below the root, and then one below it, deleted together: both were shared until the save.
            _ = try await modify(server, client, "Trip", #"{"operationType":"create","record":{"recordType":"Plan","recordName":"step","parent":{"recordName":"item"}}}"#, as: mei)
            #expect((try await TestServer.poll(client, courier)?["ck"] as? [String: Any]).flatMap { $0["qry"] as? [String: Any] }?["rid"] as? String == "step")
            _ = try await modify(server, client, "Trip", #"""
                {"operationType":"forceDelete","record":{"recordName":"step"}},
                {"operationType":"forceDelete","record":{"recordName":"item"}}
                """#, as: mei)
            var deleted: [String] = []
            for _ in 0..<2 {
                let deletion = try #require((try await TestServer.poll(client, courier)?["ck"] as? [String: Any])?["qry"] as? [String: Any])
                #expect(deletion["fo"] as? Int == 3)
                deleted += [deletion["rid"] as? String ?? "?"]
            }
            #expect(Set(deleted) == ["step", "item"], "the participant hears of the shared records deleted")
        }
    }
}
