import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("Reference rules over HTTP: DELETE_SELF cascades, VALIDATE", .heavy)
struct ReferenceRulesTests {
    private func create(_ name: String, type: String, reference: (String, String)? = nil) -> String {
        let fields = reference.map { #"{"owner":{"value":{"recordName":"\#($0.0)","action":"\#($0.1)"},"type":"REFERENCE"}}"# } ?? "{}"
        return #"{"operationType":"create","record":{"recordType":"\#(type)","recordName":"\#(name)","fields":\#(fields)}}"#
    }

    @Test("deleting a shoebox deletes its receipts and what depends on them, and the change feed shows every tombstone")
    func cascade() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: me, database: "private")
            let operations = [
                create("box", type: "Shoebox"),
                create("r1", type: "Receipt", reference: ("box", "DELETE_SELF")),
                create("r2", type: "Receipt", reference: ("box", "DELETE_SELF")),
                create("n1", type: "Note", reference: ("r1", "DELETE_SELF")),
                create("keep", type: "Note", reference: ("box", "NONE")),
            ]
            let created = try TestServer.records(try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[\#(operations.joined(separator: ","))]}"#, as: me, database: "private"))
            #expect(created.allSatisfy { $0["serverErrorCode"] == nil })
            let token = try #require((try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Box"}}]}"#, as: me, database: "private").json["zones"] as? [[String: Any]])?.first?["syncToken"] as? String)
            let tag = try #require(created[0]["recordChangeTag"] as? String)
            let deleted = try TestServer.records(try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"delete","record":{"recordName":"box","recordChangeTag":"\#(tag)"}}]}"#, as: me, database: "private"))
            #expect(deleted[0]["deleted"] as? Bool == true)
            let lookup = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Box"},"records":[{"recordName":"r1"},{"recordName":"r2"},{"recordName":"n1"},{"recordName":"keep"}]}"#, as: me, database: "private"))
            #expect(lookup.map { $0["serverErrorCode"] as? String } == ["NOT_FOUND", "NOT_FOUND", "NOT_FOUND", nil])
            let feed = try #require((try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Box"},"syncToken":"\#(token)"}]}"#, as: me, database: "private").json["zones"] as? [[String: Any]])?.first)
            let tombstones = (feed["records"] as? [[String: Any]] ?? []).filter { $0["deleted"] as? Bool == true }.compactMap { $0["recordName"] as? String }
            #expect(Set(tombstones) == ["box", "r1", "r2", "n1"])
        }
    }

    @Test("a VALIDATE reference needs its target, which cannot be deleted while referenced")
    func validate() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            let dangling = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[\#(create("a", type: "Item", reference: ("ghost", "VALIDATE")))]}"#, as: me))[0]
            #expect(dangling["serverErrorCode"] as? String == "VALIDATING_REFERENCE_ERROR")
            let both = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[\#(create("target", type: "Item")),\#(create("source", type: "Item", reference: ("target", "VALIDATE")))]}"#, as: me))
            #expect(both.allSatisfy { $0["serverErrorCode"] == nil })
            let tag = try #require(both[0]["recordChangeTag"] as? String)
            let refused = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[{"operationType":"delete","record":{"recordName":"target","recordChangeTag":"\#(tag)"}}]}"#, as: me))[0]
            #expect(refused["serverErrorCode"] as? String == "VALIDATING_REFERENCE_ERROR")
            #expect(try TestServer.records(try await server.post(client, "records/lookup", #"{"records":[{"recordName":"target"}]}"#, as: me))[0]["recordName"] as? String == "target")
            let sourceTag = try #require(both[1]["recordChangeTag"] as? String)
            let order = #"{"operations":[{"operationType":"delete","record":{"recordName":"source","recordChangeTag":"\#(sourceTag)"}},{"operationType":"delete","record":{"recordName":"target","recordChangeTag":"\#(tag)"}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", order, as: me)).allSatisfy { $0["deleted"] as? Bool == true })
        }
    }
}
