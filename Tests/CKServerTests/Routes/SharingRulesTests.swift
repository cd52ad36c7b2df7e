import CKModel
import CKServer
import Foundation
import HummingbirdTesting
import Testing

@Suite("Sharing rules: what each share allows, and what a sharee cannot reach")
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
}
