import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("changes/zone and records/changes over HTTP", .heavy)
struct ChangesRoutesTests {
    private func zones(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(try response.json["zones"] as? [[String: Any]])
    }

    @Test("a sync token resumes exactly where the last page ended, over several pages with deletes in between")
    func resumption() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#, as: me, database: "private")
            let creates = (0..<7).map { #"{"operationType":"create","record":{"recordType":"Task","recordName":"t\#($0)","fields":{"n":{"value":\#($0)}}}}"# }
            let created = try TestServer.records(try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Work"},"operations":[\#(creates.joined(separator: ","))]}"#, as: me, database: "private"))
            #expect(created.count == 7)

            func read(_ token: String?) async throws -> [String: Any] {
                let tokenPart = token.map { #","syncToken":"\#($0)""# } ?? ""
                let body = #"{"zones":[{"zoneID":{"zoneName":"Work"}\#(tokenPart),"resultsLimit":3}]}"#
                return try zones(try await server.post(client, "changes/zone", body, as: me, database: "private"))[0]
            }
            let first = try await read(nil)
            #expect((first["records"] as? [[String: Any]])?.map { $0["recordName"] as? String } == ["t0", "t1", "t2"])
            #expect(first["moreComing"] as? Bool == true)

            // Between pages: delete t1 (already read) and t4 (not yet read), update t0.
            let tag1 = created[1]["recordChangeTag"] as! String
            let tag4 = created[4]["recordChangeTag"] as! String
            let tag0 = created[0]["recordChangeTag"] as! String
            let changes = #"{"zoneID":{"zoneName":"Work"},"atomic":false,"operations":[{"operationType":"delete","record":{"recordName":"t1","recordChangeTag":"\#(tag1)"}},{"operationType":"delete","record":{"recordName":"t4","recordChangeTag":"\#(tag4)"}},{"operationType":"update","record":{"recordName":"t0","recordChangeTag":"\#(tag0)","fields":{"n":{"value":100}}}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", changes, as: me, database: "private")).allSatisfy { $0["serverErrorCode"] == nil })

            let second = try await read(first["syncToken"] as? String)
            #expect((second["records"] as? [[String: Any]])?.map { $0["recordName"] as? String } == ["t3", "t5", "t6"])
            #expect(second["moreComing"] as? Bool == true)
            let third = try await read(second["syncToken"] as? String)
            let last = try #require(third["records"] as? [[String: Any]])
            #expect(last.map { $0["recordName"] as? String } == ["t1", "t4", "t0"])
            #expect(last.map { $0["deleted"] as? Bool } == [true, true, false])
            #expect(((last[2]["fields"] as? [String: Any])?["n"] as? [String: Any])?["value"] as? Int == 100)
            #expect(third["moreComing"] as? Bool == false)
            let done = try await read(third["syncToken"] as? String)
            #expect((done["records"] as? [Any])?.isEmpty == true)
            #expect(done["syncToken"] as? String == third["syncToken"] as? String)

            let old = try TestServer.records(try await server.post(client, "records/changes", #"{"zoneID":{"zoneName":"Work"},"syncToken":"\#(second["syncToken"] as! String)"}"#, as: me, database: "private"))
            #expect(old.map { $0["recordName"] as? String } == ["t1", "t4", "t0"])
        }
    }

    @Test("desiredRecordTypes narrows a zone's changes to those types, however many are named")
    func desiredRecordTypes() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#, as: me, database: "private")
            let creates = ["Task", "Note", "Tag", "Task"].enumerated().map { #"{"operationType":"create","record":{"recordType":"\#($0.element)","recordName":"r\#($0.offset)"}}"# }
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Work"},"operations":[\#(creates.joined(separator: ","))]}"#, as: me, database: "private")
            for (types, expected) in [(#"["Task"]"#, ["r0", "r3"]), (#"["Note","Tag","Nothing"]"#, ["r1", "r2"]), ("[]", [])] {
                let body = #"{"zones":[{"zoneID":{"zoneName":"Work"}}],"desiredRecordTypes":\#(types)}"#
                let zone = try zones(try await server.post(client, "changes/zone", body, as: me, database: "private"))[0]
                #expect((zone["records"] as? [[String: Any]])?.compactMap { $0["recordName"] as? String } == expected, "\(types): \(zone)")
            }
        }
    }

    @Test("a token of a zone deleted and created again is refused; bad tokens and the public database are errors")
    func refusedTokens() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            let createZone = #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#
            _ = try await server.post(client, "zones/modify", createZone, as: me, database: "private")
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Work"},"operations":[{"operationType":"create","record":{"recordType":"Task","recordName":"t"}}]}"#, as: me, database: "private")
            let token = try zones(try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Work"}}]}"#, as: me, database: "private"))[0]["syncToken"] as! String
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"delete","zone":{"zoneID":{"zoneName":"Work"}}}]}"#, as: me, database: "private")
            _ = try await server.post(client, "zones/modify", createZone, as: me, database: "private")
            let stale = try zones(try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Work"},"syncToken":"\#(token)"}]}"#, as: me, database: "private"))[0]
            #expect(stale["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((stale["reason"] as? String)?.contains("deleted since") == true)
            let garbage = try zones(try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Work"},"syncToken":"not a token"}]}"#, as: me, database: "private"))[0]
            #expect(garbage["serverErrorCode"] as? String == "BAD_REQUEST")
            let missing = try zones(try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Nowhere"}}]}"#, as: me, database: "private"))[0]
            #expect(missing["serverErrorCode"] as? String == "ZONE_NOT_FOUND")
            let publicDatabase = try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"_defaultZone"}}]}"#, as: me)
            #expect(publicDatabase.status == .badRequest)
        }
    }

    @Test("changes/database lists the zones written, created and deleted since its token; zones/changes reads metaSyncToken, or syncToken as MistKit sends it")
    func databaseChanges() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            func feed(_ token: String?) async throws -> [String: Any] {
                let body = token.map { #"{"syncToken":"\#($0)"}"# } ?? "{}"
                return try await server.post(client, "changes/database", body, as: me, database: "private").json
            }
            let empty = try await feed(nil)
            #expect((empty["zones"] as? [Any])?.isEmpty == true)
            let start = try #require(empty["syncToken"] as? String)
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"A"}}},{"operationType":"create","zone":{"zoneID":{"zoneName":"B"}}}]}"#, as: me, database: "private")
            let created = try await feed(start)
            #expect((created["zones"] as? [[String: Any]])?.compactMap { ($0["zoneID"] as? [String: Any])?["zoneName"] as? String } == ["A", "B"])
            let afterCreate = try #require(created["syncToken"] as? String)
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"A"},"operations":[{"operationType":"create","record":{"recordType":"Task","recordName":"t"}}]}"#, as: me, database: "private")
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"delete","zone":{"zoneID":{"zoneName":"B"}}}]}"#, as: me, database: "private")
            let changed = try #require(try await feed(afterCreate)["zones"] as? [[String: Any]])
            #expect(changed.compactMap { ($0["zoneID"] as? [String: Any])?["zoneName"] as? String } == ["A", "B"])
            #expect(changed.map { $0["deleted"] as? Bool } == [nil, true])
            let old = try await server.post(client, "zones/changes", #"{"metaSyncToken":"\#(afterCreate)"}"#, as: me, database: "private").json
            #expect((old["zones"] as? [Any])?.count == 2)
            #expect(old["metaSyncToken"] as? String == old["syncToken"] as? String)
            // MistKit sends the token as syncToken: from the latest token, nothing changed, not the whole history.
            let latest = try #require(old["syncToken"] as? String)
            let mistKit = try await server.post(client, "zones/changes", #"{"syncToken":"\#(latest)"}"#, as: me, database: "private").json
            #expect((mistKit["zones"] as? [Any])?.count == 0, "\(mistKit)")
            #expect(try await server.post(client, "changes/database", "{}", as: me).status == .badRequest)
        }
    }

    @Test("numbersAsStrings writes INT64 values as strings in responses")
    func numbersAsStrings() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let body = #"{"numbersAsStrings":true,"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p","fields":{"guests":{"value":9007199254740993}}}}]}"#
            let record = try TestServer.records(try await server.post(client, "records/modify", body, as: .user(server.webAuthToken)))[0]
            #expect(((record["fields"] as? [String: Any])?["guests"] as? [String: Any])?["value"] as? String == "9007199254740993")
        }
    }

    @Test("a change feed answers the same fields as a lookup, whole, narrowed by desiredKeys, with numbers as strings")
    func feedFieldsMatchLookup() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#, as: me, database: "private")
            let fields = #"{"title":{"value":"Ski \"trip\" é"},"n":{"value":7},"when":{"value":1700000000000,"type":"TIMESTAMP"},"tags":{"value":["a","b"]},"place":{"value":{"latitude":1.5,"longitude":2}}}"#
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Work"},"operations":[{"operationType":"create","record":{"recordType":"Task","recordName":"t","fields":\#(fields)}}]}"#, as: me, database: "private")
            for options in ["", #","desiredKeys":["n","tags"]"#, #","numbersAsStrings":true"#] {
                let lookup = try TestServer.records(try await server.post(
                    client, "records/lookup", #"{"zoneID":{"zoneName":"Work"},"records":[{"recordName":"t"}]\#(options)}"#, as: me, database: "private"))[0]
                let feed = try zones(try await server.post(
                    client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Work"}}]\#(options)}"#, as: me, database: "private"))[0]
                let changed = try #require((feed["records"] as? [[String: Any]])?.first)
                #expect(NSDictionary(dictionary: changed["fields"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: lookup["fields"] as? [String: Any] ?? [:]), "\(options)")
                #expect((changed["fields"] as? [String: Any])?.isEmpty == false)
            }
        }
    }
}
