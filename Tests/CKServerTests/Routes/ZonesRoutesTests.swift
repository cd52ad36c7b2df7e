import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("zones/list, zones/lookup and zones/modify over HTTP", .heavy)
struct ZonesRoutesTests {
    private func zones(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(try response.json["zones"] as? [[String: Any]])
    }

    @Test("a private database lists its default zone and the custom zones created, and deleting one deletes its records")
    func lifecycle() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            let listed = try await client.execute(
                uri: server.path("zones/list", database: "private") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))",
                method: .get)
            let defaultZone = try zones(listed)
            #expect(defaultZone.count == 1)
            #expect((defaultZone[0]["zoneID"] as? [String: Any])?["zoneType"] as? String == "DEFAULT_ZONE")
            #expect(defaultZone[0]["syncToken"] is String)

            let created = try zones(try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}},{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#, as: me, database: "private"))
            #expect((created[0]["zoneID"] as? [String: Any])?["zoneType"] as? String == "REGULAR_CUSTOM_ZONE")
            #expect(created[0]["atomic"] as? Bool == true)
            #expect(created[1]["serverErrorCode"] as? String == "EXISTS")

            let record = #"{"zoneID":{"zoneName":"Work"},"operations":[{"operationType":"create","record":{"recordType":"Task","recordName":"t1"}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", record, as: me, database: "private"))[0]["recordChangeTag"] != nil)

            let lookedUp = try zones(try await server.post(client, "zones/lookup", #"{"zones":[{"zoneName":"Work"},{"zoneName":"Gone"}]}"#, as: me, database: "private"))
            #expect(lookedUp[0]["syncToken"] is String)
            #expect(lookedUp[1]["serverErrorCode"] as? String == "ZONE_NOT_FOUND")

            let deleted = try zones(try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"delete","zone":{"zoneID":{"zoneName":"Work"}}},{"operationType":"delete","zone":{"zoneID":{"zoneName":"_defaultZone"}}}]}"#, as: me, database: "private"))
            #expect(deleted[0]["deleted"] as? Bool == true)
            #expect(deleted[1]["serverErrorCode"] as? String == "NOT_SUPPORTED_BY_ZONE")
            let after = try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Work"},"records":[{"recordName":"t1"}]}"#, as: me, database: "private")
            #expect(try after.json["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
        }
    }

    @Test("Core Data's zone names, with dots and hyphens, can be created and hold records; what CloudKit refuses is refused with BAD_REQUEST")
    func coreDataZoneNames() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let names = ["com.apple.coredata.cloudkit.zone", "com.apple.coredata.cloudkit.share.7C4C1E9A-3B8F-4E51-9D2F-0C6E7A1B2D3F", "my zone #2"]
        try await server.live { client in
            let operations = names.map { #"{"operationType":"create","zone":{"zoneID":{"zoneName":"\#($0)"}}}"# }.joined(separator: ",")
            let created = try zones(try await server.post(client, "zones/modify", #"{"operations":[\#(operations)]}"#, as: me, database: "private"))
            #expect(created.map { ($0["zoneID"] as? [String: Any])?["zoneName"] as? String } == names)
            let record = #"{"zoneID":{"zoneName":"\#(names[0])"},"operations":[{"operationType":"create","record":{"recordType":"CD_Note","recordName":"6F1E2C3D-4B5A-6978-8A9B-0C1D2E3F4A5B"}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", record, as: me, database: "private"))[0]["recordChangeTag"] != nil)
            let refused = [String(repeating: "z", count: 256), "_mine", "café", ""]
            let badOperations = refused.map { #"{"operationType":"create","zone":{"zoneID":{"zoneName":"\#($0)"}}}"# }.joined(separator: ",")
            let answers = try zones(try await server.post(client, "zones/modify", #"{"operations":[\#(badOperations)],"atomic":false}"#, as: me, database: "private"))
            #expect(answers.map { $0["serverErrorCode"] as? String } == Array(repeating: "BAD_REQUEST", count: refused.count), "\(answers)")
        }
    }

    @Test("custom zones exist only in private databases")
    func publicZones() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let created = try zones(try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Shared"}}}]}"#, as: .developer(actingAs: nil)))
            #expect(created[0]["serverErrorCode"] as? String == "BAD_REQUEST")
        }
    }

    @Test("an atomic batch in a custom zone is all or nothing, with the culprit's error and ATOMIC_ERROR on the others")
    func atomicBatch() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#, as: me, database: "private")
            let batch = #"{"zoneID":{"zoneName":"Work"},"operations":[{"operationType":"create","record":{"recordType":"Task","recordName":"a"}},{"operationType":"update","record":{"recordName":"ghost","recordChangeTag":"1"}},{"operationType":"create","record":{"recordType":"Task","recordName":"b"}}]}"#
            let records = try TestServer.records(try await server.post(client, "records/modify", batch, as: me, database: "private"))
            #expect(records.map { $0["serverErrorCode"] as? String } == ["ATOMIC_ERROR", "NOT_FOUND", "ATOMIC_ERROR"])
            let lookup = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Work"},"records":[{"recordName":"a"},{"recordName":"b"}]}"#, as: me, database: "private"))
            #expect(lookup.map { $0["serverErrorCode"] as? String } == ["NOT_FOUND", "NOT_FOUND"])
            let nonAtomic = batch.replacingOccurrences(of: #""zoneID":{"zoneName":"Work"},"#, with: #""zoneID":{"zoneName":"Work"},"atomic":false,"#)
            let partial = try TestServer.records(try await server.post(client, "records/modify", nonAtomic, as: me, database: "private"))
            #expect(partial.map { $0["serverErrorCode"] as? String } == [nil, "NOT_FOUND", nil])
        }
    }

    @Test("the shared database is a signed-in user's own, empty while nobody shares a zone with them")
    func sharedDatabase() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            let query = "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            let listed = try await client.execute(uri: server.path("zones/list", database: "shared") + query, method: .get)
            #expect(listed.status == .ok)
            #expect(try zones(listed).isEmpty)
            let changes = try await server.post(client, "changes/database", "{}", as: me, database: "shared")
            #expect(try changes.json["syncToken"] is String)
            #expect((try changes.json["zones"] as? [Any])?.isEmpty == true)
            let subscriptions = try await client.execute(uri: server.path("subscriptions/list", database: "shared") + query, method: .get)
            #expect((try subscriptions.json["subscriptions"] as? [Any])?.isEmpty == true)
            let ann = try await server.secondUser("ann")
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Notes"}}}]}"#, as: .user(ann.token), database: "private")
            let other = try await server.post(client, "records/query", #"{"zoneID":{"zoneName":"Notes","ownerRecordName":"\#(ann.recordName)"},"query":{"recordType":"Note"}}"#, as: me, database: "shared")
            #expect(try other.json["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
            let anonymous = try await client.execute(uri: server.path("zones/list", database: "shared") + "?ckAPIToken=\(server.apiToken)", method: .get)
            #expect(anonymous.status.code == 421)
        }
    }
}
