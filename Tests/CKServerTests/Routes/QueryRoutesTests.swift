import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("records/query over HTTP", .heavy)
struct QueryRoutesTests {
    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Party (
            "___recordID" REFERENCE QUERYABLE,
            "___createTime" TIMESTAMP SORTABLE,
            title STRING QUERYABLE SORTABLE,
            guests INT64 QUERYABLE SORTABLE,
            tags LIST<STRING> QUERYABLE,
            place LOCATION QUERYABLE,
            notes STRING SEARCHABLE,
            mood STRING,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
        );
        RECORD TYPE Diary (
            "___recordID" REFERENCE QUERYABLE, text STRING,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_creator"
        );
        RECORD TYPE Unindexed (name STRING, GRANT READ TO "_world");
        """

    /// A server with the schema above and 25 parties p00…p24.
    private func prepared() async throws -> TestServer {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(Self.schema, into: server.container)
        let operations = (0..<25).map { index in
            let title = ["Picnic", "picnic", "Barbecue", "Brunch", "Gala"][index % 5]
            let fields = """
                {"title":{"value":"\(title)"},"guests":{"value":\(index)},"tags":{"value":["t\(index % 3)","all"]},\
                "place":{"value":{"latitude":\(48.85 + Double(index) * 0.01),"longitude":2.35}},\
                "notes":{"value":"A café gathering number \(index) with the neighbours"},"mood":{"value":"m\(index % 2)"}}
                """
            return #"{"operationType":"create","record":{"recordType":"Party","recordName":"p\#(String(format: "%02d", index))","fields":\#(fields)}}"#
        }
        let body = #"{"operations":[\#(operations.joined(separator: ","))]}"#
        try await server.live { client in
            let records = try TestServer.records(try await server.post(client, "records/modify", body, as: .user(server.webAuthToken)))
            #expect(records.allSatisfy { $0["serverErrorCode"] == nil })
        }
        return server
    }

    private func query(
        _ server: TestServer, _ client: any TestClientProtocol, _ query: String, limit: Int? = nil, marker: String? = nil,
        as credentials: TestCredentials = .world
    ) async throws -> TestResponse {
        var body = #"{"query":\#(query)"#
        if let limit { body += #","resultsLimit":\#(limit)"# }
        if let marker { body += #","continuationMarker":"\#(marker)""# }
        return try await server.post(client, "records/query", body + "}", as: credentials)
    }

    private func names(_ response: TestResponse) throws -> [String] {
        try TestServer.records(response).compactMap { $0["recordName"] as? String }
    }

    @Test("filters with each comparator find exactly the records that meet them")
    func comparators() async throws {
        let server = try await prepared()
        try await server.live { client in
            func found(_ filters: String) async throws -> [String] {
                try names(try await query(server, client, #"{"recordType":"Party","filterBy":[\#(filters)]}"#)).sorted()
            }
            let cases: [(String, [String])] = [
                (#"{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":"PICNIC"}}"#,
                 ["p00", "p01", "p05", "p06", "p10", "p11", "p15", "p16", "p20", "p21"]),
                (#"{"fieldName":"title","comparator":"BEGINS_WITH","fieldValue":{"value":"B"}}"#,
                 ["p02", "p03", "p07", "p08", "p12", "p13", "p17", "p18", "p22", "p23"]),
                (#"{"fieldName":"title","comparator":"BEGINS_WITH","fieldValue":{"value":"pic"}}"#, ["p01", "p06", "p11", "p16", "p21"]),
                (#"{"fieldName":"guests","comparator":"GREATER_THAN_OR_EQUALS","fieldValue":{"value":22}}"#, ["p22", "p23", "p24"]),
                (#"{"fieldName":"guests","comparator":"LESS_THAN","fieldValue":{"value":2}},{"fieldName":"title","comparator":"NOT_EQUALS","fieldValue":{"value":"Picnic"}}"#, []),
                (#"{"fieldName":"guests","comparator":"IN","fieldValue":{"value":[3,7,99],"type":"INT64_LIST"}}"#, ["p03", "p07"]),
                (#"{"fieldName":"guests","comparator":"NOT_IN","fieldValue":{"value":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22],"type":"INT64_LIST"}}"#, ["p23", "p24"]),
                (#"{"fieldName":"tags","comparator":"LIST_CONTAINS","fieldValue":{"value":"t2"}},{"fieldName":"guests","comparator":"LESS_THAN","fieldValue":{"value":10}}"#, ["p02", "p05", "p08"]),
                (#"{"fieldName":"tags","comparator":"LIST_CONTAINS_ALL","fieldValue":{"value":["t1","all"],"type":"STRING_LIST"}},{"fieldName":"guests","comparator":"LESS_THAN","fieldValue":{"value":5}}"#, ["p01", "p04"]),
                (#"{"fieldName":"tags","comparator":"NOT_LIST_CONTAINS","fieldValue":{"value":"all"}}"#, []),
                (#"{"fieldName":"tags","comparator":"LIST_MEMBER_BEGINS_WITH","fieldValue":{"value":"t0"}},{"fieldName":"guests","comparator":"LESS_THAN","fieldValue":{"value":7}}"#, ["p00", "p03", "p06"]),
                (#"{"fieldName":"notes","comparator":"CONTAINS_ALL_TOKENS","fieldValue":{"value":"CAFE the Number 7"}}"#, ["p07"]),
                (#"{"fieldName":"notes","comparator":"CONTAINS_ANY_TOKENS","fieldValue":{"value":"number17 24 nothing"}}"#, ["p24"]),
                (#"{"fieldName":"place","comparator":"NEAR","distance":1500,"fieldValue":{"value":{"latitude":48.85,"longitude":2.35}}}"#, ["p00", "p01"]),
                (#"{"systemFieldName":"recordName","comparator":"EQUALS","fieldValue":{"value":{"recordName":"p13"}}}"#, ["p13"]),
            ]
            for (filters, expected) in cases {
                let result = try await found(filters)
                #expect(result == expected, "\(filters)")
            }
        }
    }

    @Test("an empty string is a value like any other: saved, found by EQUALS, and not mistaken for a missing one")
    func emptyString() async throws {
        let server = try await prepared()
        try await server.live { client in
            let body = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"blank","fields":{"title":{"value":""},"guests":{"value":99}}}}]}"#
            let saved = try TestServer.records(try await server.post(client, "records/modify", body, as: .user(server.webAuthToken)))
            #expect(saved.first?["serverErrorCode"] == nil)
            let found = try names(try await query(
                server, client, #"{"recordType":"Party","filterBy":[{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":""}}]}"#))
            #expect(found == ["blank"])
            let lookup = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"blank"}]}"#, as: .world)
            let fields = try TestServer.records(lookup).first?["fields"] as? [String: Any]
            #expect((fields?["title"] as? [String: Any])?["value"] as? String == "")
        }
    }

    @Test("a sorted query pages through every record in order with continuation markers")
    func sortedPages() async throws {
        let server = try await prepared()
        try await server.live { client in
            var all: [String] = []
            var marker: String?
            var pages = 0
            repeat {
                let response = try await query(
                    server, client, #"{"recordType":"Party","sortBy":[{"fieldName":"guests","ascending":false}]}"#, limit: 10, marker: marker)
                all += try names(response)
                marker = try response.json["continuationMarker"] as? String
                pages += 1
            } while marker != nil && pages < 10
            #expect(all == (0..<25).reversed().map { String(format: "p%02d", $0) })
            #expect(pages == 3)
            let unfiltered = try names(try await query(server, client, #"{"recordType":"Party"}"#, limit: 200))
            #expect(unfiltered.count == 25)
            let byTitleThenGuests = try names(try await query(
                server, client, #"{"recordType":"Party","sortBy":[{"fieldName":"title"},{"fieldName":"guests","ascending":false}]}"#, limit: 10))
            #expect(byTitleThenGuests == ["p22", "p17", "p12", "p07", "p02", "p23", "p18", "p13", "p08", "p03"])
        }
    }

    @Test("a query without the index it needs is refused with CloudKit's wording")
    func missingIndexes() async throws {
        let server = try await prepared()
        try await server.live { client in
            let cases: [(String, String)] = [
                (#"{"recordType":"Party","filterBy":[{"fieldName":"mood","comparator":"EQUALS","fieldValue":{"value":"m1"}}]}"#, "Field 'mood' is not marked queryable"),
                (#"{"recordType":"Party","filterBy":[{"fieldName":"tags","comparator":"GREATER_THAN","fieldValue":{"value":"a"}}]}"#, "Field 'tags' is not marked sortable"),
                (#"{"recordType":"Party","filterBy":[{"fieldName":"title","comparator":"CONTAINS_ALL_TOKENS","fieldValue":{"value":"a"}}]}"#, "Field 'title' is not marked searchable"),
                (#"{"recordType":"Party","sortBy":[{"fieldName":"mood"}]}"#, "Field 'mood' is not marked sortable"),
                (#"{"recordType":"Party","sortBy":[{"systemFieldName":"modifiedTimestamp"}]}"#, "Field 'modifiedTimestamp' is not marked sortable"),
                (#"{"recordType":"Unindexed"}"#, "Field 'recordName' is not marked queryable"),
                (#"{"recordType":"Nothing"}"#, "Did not find record type: Nothing"),
            ]
            for (body, reason) in cases {
                let response = try await query(server, client, body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.json["reason"] as? String == reason)
            }
            let created = try names(try await query(server, client, #"{"recordType":"Party","sortBy":[{"systemFieldName":"createdTimestamp"}]}"#, limit: 3))
            #expect(created.count == 3)
        }
    }

    @Test("an index added by an import or a deploy covers the records saved before it")
    func indexesRebuilt() async throws {
        let server = try await prepared()
        let moodQuery = #"{"recordType":"Party","filterBy":[{"fieldName":"mood","comparator":"EQUALS","fieldValue":{"value":"m1"}}]}"#
        try await server.live { client in
            let refused = try await query(server, client, moodQuery)
            #expect(refused.status == .badRequest)
        }
        let indexed = Self.schema.replacingOccurrences(of: "mood STRING,", with: "mood STRING QUERYABLE,")
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(indexed, into: server.container)
        try await server.live { client in
            let found = try names(try await query(server, client, moodQuery))
            #expect(found.count == 12)
        }
        let plain = Self.schema.replacingOccurrences(of: "title STRING QUERYABLE SORTABLE,", with: "title STRING,")
        let service = SchemaService(storage: server.temporary.storage)
        _ = try await service.importDevelopment(plain, into: server.container)
        _ = try await service.deploy(server.container, actor: "tests")
        try await server.live { client in
            let body = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"live","fields":{"title":{"value":"Gala"}}}}]}"#
            _ = try await server.post(client, "records/modify", body, as: .user(server.webAuthToken), environment: "production")
        }
        _ = try await service.importDevelopment(Self.schema, into: server.container)
        _ = try await service.deploy(server.container, actor: "tests")
        try await server.live { client in
            let titleQuery = #"{"query":{"recordType":"Party","filterBy":[{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":"gala"}}]}}"#
            let found = try TestServer.records(try await server.post(client, "records/query", titleQuery, as: .world, environment: "production"))
            #expect(found.compactMap { $0["recordName"] as? String } == ["live"])
        }
    }

    @Test("a marker of another query is refused")
    func foreignMarker() async throws {
        let server = try await prepared()
        try await server.live { client in
            let first = try await query(server, client, #"{"recordType":"Party","sortBy":[{"fieldName":"guests"}]}"#, limit: 5)
            let marker = try #require(try first.json["continuationMarker"] as? String)
            let other = try await query(server, client, #"{"recordType":"Party","sortBy":[{"fieldName":"title"}]}"#, limit: 5, marker: marker)
            #expect(other.status == .badRequest)
        }
    }

    @Test("READ granted to _creator alone shows each user their own records and refuses everyone else")
    func creatorReads() async throws {
        let server = try await prepared()
        let ann = try await server.secondUser("ann")
        try await server.live { client in
            let diary = #"{"operations":[{"operationType":"create","record":{"recordType":"Diary","recordName":"d-NAME","fields":{"text":{"value":"x"}}}}]}"#
            _ = try await server.post(client, "records/modify", diary.replacingOccurrences(of: "NAME", with: "mei"), as: .user(server.webAuthToken))
            _ = try await server.post(client, "records/modify", diary.replacingOccurrences(of: "NAME", with: "ann"), as: .user(ann.token))
            #expect(try names(try await query(server, client, #"{"recordType":"Diary"}"#, as: .user(ann.token))) == ["d-ann"])
            #expect(try names(try await query(server, client, #"{"recordType":"Diary"}"#, as: .developer(actingAs: nil))).sorted() == ["d-ann", "d-mei"])
            #expect(try await query(server, client, #"{"recordType":"Diary"}"#).status == .forbidden)
        }
    }
}
