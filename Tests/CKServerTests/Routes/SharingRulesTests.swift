import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("Sharing rules: what each share allows, and what a sharee cannot reach", .heavy)
struct SharingRulesTests {
    private func modify(
        _ server: TestServer, _ client: any TestClientProtocol, _ operations: String, as credentials: TestCredentials, shared: Bool = false
    ) async throws -> [[String: Any]] {
        let zoneID = shared ? #"{"zoneName":"Home","ownerRecordName":"\#(server.user.userRecordName)"}"# : #"{"zoneName":"Home"}"#
        return try TestServer.records(try await server.post(
            client, "records/modify", #"{"zoneID":\#(zoneID),"atomic":false,"operations":[\#(operations)]}"#, as: credentials,
            database: shared ? "shared" : "private"))
    }

    private func accept(_ server: TestServer, _ client: any TestClientProtocol, _ share: [String: Any], as token: String) async throws {
        let guid = try #require(share["shortGUID"] as? String)
        _ = try await server.post(client, "records/accept", #"{"shortGUIDs":[{"value":"\#(guid)"}]}"#, as: .user(token))
    }

    @Test("a read-only share beside a read-write one stays read-only; taken names and lowered public access hold")
    func mixedShares() async throws {
        let server = try await TestServer()
        let mei = TestCredentials.user(server.webAuthToken)
        let ann = try await server.secondUser("ann")
        let bob = try await server.secondUser("bob")
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Home"}}}]}"#, as: mei, database: "private")
            _ = try await modify(server, client, #"""
                {"operationType":"create","record":{"recordType":"Item","recordName":"readable"}},
                {"operationType":"create","record":{"recordType":"Item","recordName":"writable"}},
                {"operationType":"create","record":{"recordType":"Item","recordName":"hidden","parent":{"recordName":"ghost"}}}
                """#, as: mei)
            let invite = { (root: String, permission: String) in
                #"{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"s-\#(root)","forRecord":{"recordName":"\#(root)"},"participants":[{"userIdentity":{"userRecordName":"\#(ann.recordName)"},"permission":"\#(permission)"},{"userIdentity":{"userRecordName":"\#(ann.recordName)"},"permission":"\#(permission)"}]}}"#
            }
            let shares = try await modify(server, client, invite("readable", "READ_ONLY") + "," + invite("writable", "READ_WRITE"), as: mei)
            #expect((shares[0]["participants"] as? [Any])?.count == 2, "the owner and ann, once")
            for share in shares { try await accept(server, client, share, as: ann.token) }

            let writes = try await modify(server, client, #"""
                {"operationType":"forceUpdate","record":{"recordType":"Item","recordName":"readable","fields":{"n":{"value":1}}}},
                {"operationType":"forceUpdate","record":{"recordType":"Item","recordName":"writable","fields":{"n":{"value":1}}}},
                {"operationType":"create","record":{"recordType":"Item","recordName":"under-readable","parent":{"recordName":"readable"}}},
                {"operationType":"create","record":{"recordType":"Item","recordName":"ghost","parent":{"recordName":"writable"}}},
                {"operationType":"create","record":{"recordType":"Item","recordName":"hidden","parent":{"recordName":"writable"}}}
                """#, as: .user(ann.token), shared: true)
            #expect(writes.map { $0["serverErrorCode"] as? String } == ["ACCESS_DENIED", nil, "ACCESS_DENIED", "ACCESS_DENIED", "ACCESS_DENIED"])
            let hidden = try TestServer.records(try await server.post(
                client, "records/lookup", #"{"zoneID":{"zoneName":"Home","ownerRecordName":"\#(server.user.userRecordName)"},"records":[{"recordName":"hidden"}]}"#,
                as: .user(ann.token), database: "shared"))
            #expect(hidden[0]["serverErrorCode"] as? String == "NOT_FOUND")

            let contested = try await modify(server, client, #"""
                {"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"a","forRecord":{"recordName":"hidden"}}},
                {"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"b","forRecord":{"recordName":"hidden"}}}
                """#, as: mei)
            #expect(contested.map { $0["serverErrorCode"] as? String } == ["BAD_REQUEST", "BAD_REQUEST"])

            // Public access lowered to NONE takes it away from those who joined through the URL.
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Open"}}}]}"#, as: mei, database: "private")
            let open = try TestServer.records(try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Open"},"operations":[{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare","publicPermission":"READ_WRITE"}}]}"#, as: mei, database: "private"))[0]
            try await accept(server, client, open, as: bob.token)
            let zoneID = #"{"zoneName":"Open","ownerRecordName":"\#(server.user.userRecordName)"}"#
            #expect((try await server.post(client, "zones/lookup", #"{"zones":[\#(zoneID)]}"#, as: .user(bob.token), database: "shared").json["zones"] as? [[String: Any]])?.first?["serverErrorCode"] == nil)
            let lowered = try TestServer.records(try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Open"},"operations":[{"operationType":"forceUpdate","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare","publicPermission":"NONE"}}]}"#, as: mei, database: "private"))
            #expect(lowered[0]["serverErrorCode"] == nil)
            let after = try await server.post(client, "records/query", #"{"zoneID":\#(zoneID),"query":{"recordType":"Item"}}"#, as: .user(bob.token), database: "shared")
            #expect(try after.json["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
        }
    }

    @Test("zoneWide in the shared database pages through two owners' zones of the same name, each record once")
    func zoneWideAcrossOwners() async throws {
        let server = try await TestServer()
        let ann = try await server.secondUser("ann")
        let bob = try await server.secondUser("bob")
        try await server.live { client in
            for (owner, token) in [("mei", server.webAuthToken), ("ann", ann.token)] {
                let me = TestCredentials.user(token)
                _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Home"}}}]}"#, as: me, database: "private")
                let operations = (1...3).map { #"{"operationType":"create","record":{"recordType":"Item","recordName":"\#(owner)-\#($0)"}}"# }
                    + [#"{"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"cloudkit.zoneshare","publicPermission":"READ_ONLY"}}"#]
                let share = try await modify(server, client, operations.joined(separator: ","), as: me).last ?? [:]
                try await accept(server, client, share, as: bob.token)
            }
            var names: [String] = []
            var marker: String?
            var pages = 0
            repeat {
                let markerPart = marker.map { #","continuationMarker":"\#($0)""# } ?? ""
                let response = try await server.post(
                    client, "records/query", #"{"zoneWide":true,"resultsLimit":2,"query":{"recordType":"Item"}\#(markerPart)}"#, as: .user(bob.token),
                    database: "shared")
                names += try TestServer.records(response).compactMap { $0["recordName"] as? String }
                marker = try response.json["continuationMarker"] as? String
                pages += 1
            } while marker != nil && pages < 10
            #expect(names.sorted() == ["ann-1", "ann-2", "ann-3", "mei-1", "mei-2", "mei-3"])
        }
    }
}
