import CKModel
import CKSchema
import CKServer
import CKTestSupport
import Foundation
import HTTPTypes
import NIOCore
import HummingbirdTesting
import Testing

@Suite("records/modify and records/lookup over HTTP", .heavy)
struct RecordsRoutesTests {
    private func create(_ name: String, _ fields: String = #"{"title":{"value":"Picnic"},"guests":{"value":12}}"#) -> String {
        #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"\#(name)","fields":\#(fields)}}]}"#
    }

    @Test("create in development makes the type just in time, indexed for queries, and lookup returns the record")
    func createAndLookup() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let created = try await server.post(client, "records/modify", create("p1"), as: .user(server.webAuthToken))
            #expect(created.status == .ok)
            let record = try #require(try TestServer.records(created).first)
            #expect(record["recordName"] as? String == "p1")
            #expect(record["recordType"] as? String == "Party")
            let tag = try #require(record["recordChangeTag"] as? String)
            #expect(!tag.isEmpty)
            #expect((record["created"] as? [String: Any])?["userRecordName"] as? String == server.user.userRecordName)
            #expect(((record["fields"] as? [String: Any])?["guests"] as? [String: Any])?["type"] as? String == "INT64")

            let lookup = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"p1"},{"recordName":"nope"}]}"#, as: .world)
            let found = try TestServer.records(lookup)
            #expect(found[0]["recordChangeTag"] as? String == tag)
            #expect(found[1]["serverErrorCode"] as? String == "NOT_FOUND")
            let keys = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"p1"}],"desiredKeys":["title"]}"#, as: .world)
            #expect((try TestServer.records(keys)[0]["fields"] as? [String: Any])?.keys.sorted() == ["title"])
        }
        let schema = try await SchemaService(storage: server.temporary.storage).pendingDiff(of: server.container)
        let party = try #require(schema.changes.first { $0.recordType == "Party" })
        guard case .recordTypeAdded(let type) = party.kind else { Issue.record("Party was not added"); return }
        #expect(type.field(named: "guests")?.indexes == [.queryable, .sortable])
        #expect(type.field(named: "___recordID")?.indexes == [.queryable])
        #expect(type.grants.contains(Grant(.create, to: "_icloud")))
    }

    @Test("the operation types follow CloudKit's rules for change tags, existence and record types")
    func operationRules() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            let tag = try TestServer.records(try await server.post(client, "records/modify", create("p1"), as: me))[0]["recordChangeTag"] as! String
            func one(_ operation: String) async throws -> [String: Any] {
                try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[\#(operation)]}"#, as: me))[0]
            }
            #expect(try await one(#"{"operationType":"create","record":{"recordType":"Party","recordName":"p1"}}"#)["serverErrorCode"] as? String == "EXISTS")
            #expect(try await one(#"{"operationType":"update","record":{"recordName":"p1","fields":{"guests":{"value":3}}}}"#)["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect(try await one(#"{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"stale","fields":{"guests":{"value":3}}}}"#)["serverErrorCode"] as? String == "CONFLICT")
            let updated = try await one(#"{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"\#(tag)","fields":{"guests":{"value":3}}}}"#)
            let newTag = try #require(updated["recordChangeTag"] as? String)
            #expect(newTag != tag)
            let fields = try #require(updated["fields"] as? [String: Any])
            #expect(fields.keys.sorted() == ["guests", "title"])
            let replaced = try await one(#"{"operationType":"forceReplace","record":{"recordName":"p1","fields":{"guests":{"value":4}}}}"#)
            #expect((replaced["fields"] as? [String: Any])?.keys.sorted() == ["guests"])
            #expect(try await one(#"{"operationType":"update","record":{"recordName":"ghost","recordChangeTag":"1","fields":{}}}"#)["serverErrorCode"] as? String == "NOT_FOUND")
            #expect(try await one(#"{"operationType":"forceUpdate","record":{"recordName":"ghost","fields":{}}}"#)["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect(try await one(#"{"operationType":"forceUpdate","record":{"recordName":"ghost","recordType":"Party","fields":{}}}"#)["recordChangeTag"] != nil)
            let generated = try await one(#"{"operationType":"create","record":{"recordType":"Party"}}"#)
            #expect(UUID(uuidString: generated["recordName"] as? String ?? "") != nil)
            let currentTag = try #require(replaced["recordChangeTag"] as? String)
            #expect(try await one(#"{"operationType":"delete","record":{"recordName":"p1","recordChangeTag":"stale"}}"#)["serverErrorCode"] as? String == "CONFLICT")
            // Without the tag (as MistKit sends a delete), the answer names the operation that needs none.
            let untagged = try await one(#"{"operationType":"delete","record":{"recordName":"p1"}}"#)
            #expect(untagged["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((untagged["reason"] as? String)?.contains("send forceDelete") == true)
            let deleted = try await one(#"{"operationType":"delete","record":{"recordName":"p1","recordChangeTag":"\#(currentTag)"}}"#)
            #expect(deleted["deleted"] as? Bool == true)
            #expect(try await one(#"{"operationType":"forceDelete","record":{"recordName":"p1"}}"#)["serverErrorCode"] as? String == "NOT_FOUND")
            #expect(try await one(#"{"operationType":"create","record":{"recordType":"Party","recordName":"_x"}}"#)["serverErrorCode"] as? String == "BAD_REQUEST")
        }
    }

    @Test("a value of another type than the field's is refused; production refuses unknown types and fields")
    func schemaEnforcement() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "records/modify", create("p1"), as: me)
            let wrong = try TestServer.records(try await server.post(client, "records/modify", create("p2", #"{"guests":{"value":"many"}}"#), as: me))[0]
            #expect(wrong["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect(wrong["reason"] as? String == "Invalid value, expected type INT64 for field 'guests'")
            _ = try await server.post(client, "records/modify", create("p5", #"{"when":{"value":1767225600000,"type":"TIMESTAMP"}}"#), as: me)
            // A timestamp written without its type, as MistKit sends one, reads as INT64: the answer says what to send.
            let untyped = try TestServer.records(try await server.post(client, "records/modify", create("p6", #"{"when":{"value":1767225600000}}"#), as: me))[0]
            #expect(untyped["reason"] as? String == #"Invalid value, expected type TIMESTAMP for field 'when'; send {"value": <milliseconds>, "type": "TIMESTAMP"}"#)
            let production = try TestServer.records(try await server.post(client, "records/modify", create("p3"), as: me, environment: "production"))[0]
            #expect(production["reason"] as? String == "Cannot create new type Party in production schema")
        }
        _ = try await SchemaService(storage: server.temporary.storage).deploy(server.container, actor: "tests")
        try await server.live { client in
            let ok = try TestServer.records(try await server.post(client, "records/modify", create("p3"), as: .user(server.webAuthToken), environment: "production"))[0]
            #expect(ok["recordChangeTag"] != nil)
            let extra = try TestServer.records(try await server.post(client, "records/modify", create("p4", #"{"mood":{"value":"happy"}}"#), as: .user(server.webAuthToken), environment: "production"))[0]
            #expect(extra["reason"] as? String == "Cannot create new field 'mood' in production schema")
        }
    }

    @Test("a whole number written without its type is stored as a DOUBLE in a DOUBLE field, in a list too (MistKit writes 1.0 as 1)")
    func wholeNumberInDouble() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "records/modify", create("p1", #"{"price":{"value":2.5,"type":"DOUBLE"},"weights":{"value":[0.5],"type":"DOUBLE_LIST"}}"#), as: me)
            let saved = try TestServer.records(try await server.post(client, "records/modify", create("p2", #"{"price":{"value":1},"weights":{"value":[1,2]}}"#), as: me))[0]
            #expect(saved["serverErrorCode"] == nil, "\(saved)")
            let fields = try #require(saved["fields"] as? [String: [String: Any]])
            #expect(fields["price"]?["type"] as? String == "DOUBLE" && fields["price"]?["value"] as? Double == 1)
            #expect(fields["weights"]?["type"] as? String == "DOUBLE_LIST" && fields["weights"]?["value"] as? [Double] == [1, 2])
            let text = try TestServer.records(try await server.post(client, "records/modify", create("p3", #"{"price":{"value":"one"}}"#), as: me))[0]
            #expect(text["reason"] as? String == "Invalid value, expected type DOUBLE for field 'price'")
        }
    }

    @Test("grants decide: _world reads, _icloud creates, _creator writes, a custom role writes what it is granted")
    func permissions() async throws {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment("""
            DEFINE SCHEMA
            CREATE ROLE Editor;
            RECORD TYPE Party (
                "___recordID" REFERENCE QUERYABLE, title STRING, guests INT64,
                GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world", GRANT WRITE TO Editor
            );
            RECORD TYPE Secret (note STRING);
            """, into: server.container)
        let ann = try await server.secondUser("ann")
        let ed = try await server.secondUser("ed", roles: ["Editor"])
        try await server.live { client in
            let denied = try TestServer.records(try await server.post(client, "records/modify", create("p0"), as: .world))[0]
            #expect(denied["serverErrorCode"] as? String == "ACCESS_DENIED")
            #expect(denied["reason"] as? String == "CREATE operation not permitted")
            let mine = try TestServer.records(try await server.post(client, "records/modify", create("p1"), as: .user(server.webAuthToken)))[0]
            let tag = try #require(mine["recordChangeTag"] as? String)
            let update = #"{"operations":[{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"\#(tag)","fields":{"guests":{"value":1}}}}]}"#
            let byAnn = try TestServer.records(try await server.post(client, "records/modify", update, as: .user(ann.token)))[0]
            #expect(byAnn["serverErrorCode"] as? String == "ACCESS_DENIED")
            let byEd = try TestServer.records(try await server.post(client, "records/modify", update, as: .user(ed.token)))[0]
            #expect(byEd["recordChangeTag"] != nil)
            #expect(try TestServer.records(try await server.post(client, "records/lookup", #"{"records":[{"recordName":"p1"}]}"#, as: .world))[0]["recordName"] as? String == "p1")
            let secret = #"{"operations":[{"operationType":"create","record":{"recordType":"Secret","recordName":"s1","fields":{"note":{"value":"x"}}}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", secret, as: .user(server.webAuthToken)))[0]["serverErrorCode"] as? String == "ACCESS_DENIED")
            #expect(try TestServer.records(try await server.post(client, "records/modify", secret, as: .developer(actingAs: nil)))[0]["recordName"] as? String == "s1")
            #expect(try TestServer.records(try await server.post(client, "records/lookup", #"{"records":[{"recordName":"s1"}]}"#, as: .world))[0]["serverErrorCode"] as? String == "ACCESS_DENIED")
            #expect(try TestServer.records(try await server.post(client, "records/modify", create("p9"), as: .developer(actingAs: ann.recordName)))[0]["recordChangeTag"] != nil)
        }
    }

    @Test("a private database belongs to its user alone")
    func privateIsolation() async throws {
        let server = try await TestServer()
        let ann = try await server.secondUser("ann")
        try await server.live { client in
            let mine = try TestServer.records(try await server.post(client, "records/modify", create("n1"), as: .user(server.webAuthToken), database: "private"))[0]
            #expect((mine["zoneID"] as? [String: Any])?["ownerRecordName"] as? String == server.user.userRecordName)
            let lookup = #"{"records":[{"recordName":"n1"}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/lookup", lookup, as: .user(server.webAuthToken), database: "private"))[0]["recordName"] as? String == "n1")
            #expect(try TestServer.records(try await server.post(client, "records/lookup", lookup, as: .user(ann.token), database: "private"))[0]["serverErrorCode"] as? String == "NOT_FOUND")
            let world = try await server.post(client, "records/lookup", lookup, as: .world, database: "private")
            #expect(world.status.code == 421)
            #expect(try TestServer.records(try await server.post(client, "records/lookup", lookup, as: .world, database: "public"))[0]["serverErrorCode"] as? String == "NOT_FOUND")
        }
    }

    @Test("bad requests: too many operations, malformed JSON, unknown zones, a read-only token")
    func badRequests() async throws {
        let server = try await TestServer()
        let readOnly = try await CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .createManagementToken(name: "viewer", container: nil, readOnly: true)
        try await server.live { client in
            let many = (0..<201).map { #"{"operationType":"create","record":{"recordType":"Party","recordName":"p\#($0)"}}"# }.joined(separator: ",")
            let tooMany = try await server.post(client, "records/modify", #"{"operations":[\#(many)]}"#, as: .user(server.webAuthToken))
            #expect(tooMany.status == .badRequest)
            #expect(try tooMany.json["reason"] as? String == "at most 200 operations may be sent in one request; this one has 201")
            let malformed = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","fields":{"date":{"type":"TIMESTAMP","value":"soon"}}}}]}"#, as: .user(server.webAuthToken))
            #expect(malformed.status == .badRequest)
            #expect((try malformed.json["reason"] as? String)?.contains("Invalid value for field 'date': expected TIMESTAMP") == true)
            let broken = try await server.post(client, "records/modify", #"{"operations":["#, as: .user(server.webAuthToken))
            #expect(try broken.json["reason"] as? String == "the body is not valid JSON")
            // Credentials are checked before the body is read as JSON: a stranger's body is never parsed.
            let stranger = try await client.execute(uri: server.path("records/modify"), method: .post, body: ByteBuffer(string: #"{"operations":["#))
            #expect(try stranger.json["serverErrorCode"] as? String == "AUTHENTICATION_FAILED")
            let missing = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create"}]}"#, as: .user(server.webAuthToken))
            #expect(try missing.json["reason"] as? String == "'operations[0]' needs the key 'record'")
            let zone = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"a"}],"zoneID":{"zoneName":"Nowhere"}}"#, as: .world)
            #expect(zone.status == .notFound)
            #expect(try zone.json["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(readOnly)"
            let viewer = try await client.execute(uri: server.path("records/modify"), method: .post, headers: headers, body: .init(string: create("v1")))
            #expect(viewer.status == .forbidden)
            headers[HTTPField.Name("X-CKServer-Act-As")!] = server.user.userRecordName
            let actingViewer = try await client.execute(
                uri: server.path("zones/modify", database: "private"), method: .post, headers: headers,
                body: .init(string: #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Z"}}}]}"#))
            #expect(actingViewer.status == .forbidden)
            let junk = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Junk","recordName":"j","fields":{"x":{"value":1}}}}]}"#, as: .world))[0]
            #expect(junk["serverErrorCode"] as? String == "ACCESS_DENIED")
        }
    }

    @Test("a refused save leaves no type behind in the schema")
    func refusedSaveLeavesSchema() async throws {
        let server = try await TestServer()
        try await server.live { client in
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Junk","recordName":"j"}}]}"#, as: .world)
        }
        #expect(try await SchemaService(storage: server.temporary.storage).pendingDiff(of: server.container).isEmpty)
    }

    @Test("what CloudKit refuses whatever the schema (a record over 1 MB, more fields than a type may have) is refused before the schema grows")
    func oversizedRecordsLeaveSchema() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let large = #"{"operations":[{"operationType":"create","record":{"recordType":"Huge","recordName":"h","fields":{"blob":{"value":"\#(String(repeating: "x", count: 1_100_000))"}}}}]}"#
            let refusedLarge = try TestServer.records(try await server.post(client, "records/modify", large, as: .user(server.webAuthToken)))[0]
            #expect(refusedLarge["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((refusedLarge["reason"] as? String)?.contains("at most 1000000 bytes") == true)
            let fields = (0...RecordService.maximumFieldsPerRecordType).map { #""f\#($0)":{"value":\#($0)}"# }.joined(separator: ",")
            let wide = #"{"operations":[{"operationType":"create","record":{"recordType":"Wide","recordName":"w","fields":{\#(fields)}}}]}"#
            let refusedWide = try TestServer.records(try await server.post(client, "records/modify", wide, as: .user(server.webAuthToken)))[0]
            #expect(refusedWide["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((refusedWide["reason"] as? String)?.contains("at most 1024") == true)
            // A type grown by saves of a few fields each stops at the limit too.
            let half = RecordService.maximumFieldsPerRecordType / 2 + 1
            for part in 0..<2 {
                let some = (0..<half).map { #""g\#(part)x\#($0)":{"value":1}"# }.joined(separator: ",")
                let body = #"{"operations":[{"operationType":"create","record":{"recordType":"Growing","recordName":"g\#(part)","fields":{\#(some)}}}]}"#
                let saved = try TestServer.records(try await server.post(client, "records/modify", body, as: .user(server.webAuthToken)))[0]
                #expect((saved["serverErrorCode"] as? String) == (part == 0 ? nil : "BAD_REQUEST"))
            }
        }
        let schema = try await server.temporary.storage.schemas(of: server.container).development
        #expect(schema.recordType(named: "Huge") == nil)
        #expect(schema.recordType(named: "Wide") == nil)
        let growing = try #require(schema.recordType(named: "Growing"))
        #expect(growing.fields.contains { $0.name == "g0x0" } && !growing.fields.contains { $0.name.hasPrefix("g1x") })
    }

    @Test("in the default zone a failing operation does not stop the others")
    func defaultZoneIsNotAtomic() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let body = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"a"}},{"operationType":"update","record":{"recordName":"ghost","recordChangeTag":"1"}},{"operationType":"create","record":{"recordType":"Party","recordName":"b"}}],"atomic":true}"#
            let records = try TestServer.records(try await server.post(client, "records/modify", body, as: .user(server.webAuthToken)))
            #expect(records.map { $0["recordName"] as? String } == ["a", "ghost", "b"])
            #expect(records[0]["recordChangeTag"] != nil && records[2]["recordChangeTag"] != nil)
            #expect(records[1]["serverErrorCode"] as? String == "NOT_FOUND")
        }
    }

    @Test("concurrent updates with one change tag: exactly one wins, the others get CONFLICT")
    func concurrentWriters() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let tag = try TestServer.records(try await server.post(client, "records/modify", create("p1"), as: .user(server.webAuthToken)))[0]["recordChangeTag"] as! String
            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for guests in 0..<8 {
                    group.addTask {
                        let body = #"{"operations":[{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"\#(tag)","fields":{"guests":{"value":\#(guests)}}}}]}"#
                        let record = try TestServer.records(try await server.post(client, "records/modify", body, as: .developer(actingAs: nil)))[0]
                        return record["serverErrorCode"] as? String ?? "OK"
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(codes.filter { $0 == "OK" }.count == 1)
            #expect(codes.filter { $0 == "CONFLICT" }.count == 7)
        }
    }
}
