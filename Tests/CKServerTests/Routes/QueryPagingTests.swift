import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("records/query pages: several sorts, list fields and zoneWide", .heavy)
struct QueryPagingTests {
    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Party (
            "___recordID" REFERENCE QUERYABLE,
            title STRING QUERYABLE SORTABLE,
            guests INT64 QUERYABLE SORTABLE,
            tags LIST<STRING> QUERYABLE,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
        );
        """

    /// Every page of a query, `limit` records at a time, as record names in the order answered.
    private func allPages(
        _ server: TestServer, _ client: any TestClientProtocol, _ body: String, limit: Int, as credentials: TestCredentials = .world,
        database: String = "public"
    ) async throws -> (names: [String], pages: Int, zones: [String]) {
        var names: [String] = []
        var zones: [String] = []
        var marker: String?
        var pages = 0
        repeat {
            let markerPart = marker.map { #","continuationMarker":"\#($0)""# } ?? ""
            let response = try await server.post(
                client, "records/query", #"{\#(body),"resultsLimit":\#(limit)\#(markerPart)}"#, as: credentials, database: database)
            let records = try TestServer.records(response)
            names += records.compactMap { $0["recordName"] as? String }
            zones += records.compactMap { ($0["zoneID"] as? [String: Any])?["zoneName"] as? String }
            marker = try response.json["continuationMarker"] as? String
            pages += 1
        } while marker != nil && pages < 50
        return (names, pages, zones)
    }

    @Test("with two sorts, pages that split a group of equal first values still follow the full order")
    func twoSortsAcrossPages() async throws {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(Self.schema, into: server.container)
        let titles = ["Picnic", "picnic", "Barbecue", "Brunch", "Gala"]
        let parties = (0..<30).map { (name: String(format: "p%02d", $0), title: titles[$0 % 5], guests: $0 % 7) }
        try await server.live { client in
            let operations = parties.map { party in
                #"{"operationType":"create","record":{"recordType":"Party","recordName":"\#(party.name)","fields":{"title":{"value":"\#(party.title)"},"guests":{"value":\#(party.guests)}}}}"#
            }
            _ = try await server.post(client, "records/modify", #"{"operations":[\#(operations.joined(separator: ","))]}"#, as: .user(server.webAuthToken))
            let expected = parties.sorted {
                ($0.title.lowercased(), -$0.guests, $0.name) < ($1.title.lowercased(), -$1.guests, $1.name)
            }.map(\.name)
            for limit in [1, 4, 7, 200] {
                let paged = try await allPages(
                    server, client, #""query":{"recordType":"Party","sortBy":[{"fieldName":"title"},{"fieldName":"guests","ascending":false}]}"#,
                    limit: limit)
                #expect(paged.names == expected, "pages of \(limit)")
            }
            // A marker whose tie values were cut short is refused, not trusted.
            let page = try await server.post(client, "records/query", #"{"query":{"recordType":"Party","sortBy":[{"fieldName":"title"},{"fieldName":"guests"}]},"resultsLimit":2}"#, as: .world)
            let marker = try #require(try page.json["continuationMarker"] as? String)
            var cursor = try #require(try JSONSerialization.jsonObject(with: Data(base64Encoded: marker)!) as? [String: Any])
            cursor["ties"] = [Any]()
            let forged = try JSONSerialization.data(withJSONObject: cursor).base64EncodedString()
            let refused = try await server.post(client, "records/query", #"{"query":{"recordType":"Party","sortBy":[{"fieldName":"title"},{"fieldName":"guests"}]},"resultsLimit":2,"continuationMarker":"\#(forged)"}"#, as: .world)
            #expect(try refused.json["serverErrorCode"] as? String == "BAD_REQUEST")
            let descending = try await allPages(
                server, client, #""query":{"recordType":"Party","sortBy":[{"fieldName":"guests","ascending":false},{"fieldName":"title"}]}"#, limit: 3)
            #expect(descending.names == parties.sorted {
                (-$0.guests, $0.title.lowercased(), $1.name) < (-$1.guests, $1.title.lowercased(), $0.name)
            }.map(\.name))
        }
    }

    @Test("a record whose list field matches at two values is answered once, whatever the page size")
    func listFieldOnce() async throws {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(Self.schema, into: server.container)
        try await server.live { client in
            let operations = (0..<5).map { index in
                #"{"operationType":"create","record":{"recordType":"Party","recordName":"q\#(index)","fields":{"tags":{"value":["x1","x2","y"]}}}}"#
            }
            _ = try await server.post(client, "records/modify", #"{"operations":[\#(operations.joined(separator: ","))]}"#, as: .user(server.webAuthToken))
            for limit in [1, 2, 200] {
                let paged = try await allPages(
                    server, client,
                    #""query":{"recordType":"Party","filterBy":[{"fieldName":"tags","comparator":"LIST_MEMBER_BEGINS_WITH","fieldValue":{"value":"x"}}]}"#,
                    limit: limit)
                #expect(paged.names.sorted() == ["q0", "q1", "q2", "q3", "q4"], "pages of \(limit)")
            }
        }
    }

    @Test("a page that ends with the type's last record has no marker, whether the type is read by name or filtered")
    func lastFullPage() async throws {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(Self.schema, into: server.container)
        try await server.live { client in
            let operations = (0..<120).map { index in
                #"{"operationType":"create","record":{"recordType":"Party","recordName":"\#(String(format: "r%03d", index))","fields":{"guests":{"value":\#(index)}}}}"#
            }
            _ = try await server.post(client, "records/modify", #"{"operations":[\#(operations.joined(separator: ","))]}"#, as: .user(server.webAuthToken))
            let byName = #""query":{"recordType":"Party"}"#
            let filtered = #""query":{"recordType":"Party","filterBy":[{"fieldName":"guests","comparator":"GREATER_THAN_OR_EQUALS","fieldValue":{"value":0}}]}"#
            for (body, credentials) in [(byName, TestCredentials.developer(actingAs: nil)), (byName, .world), (filtered, .world)] {
                for (limit, pages) in [(120, 1), (60, 2), (40, 3), (119, 2), (121, 1)] {
                    let paged = try await allPages(server, client, body, limit: limit, as: credentials)
                    #expect(paged.names.count == 120 && paged.pages == pages, "\(body) in pages of \(limit) as \(credentials)")
                }
            }
        }
    }

    @Test("zoneWide searches every zone of the database, page after page, each record with its zone")
    func zoneWide() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Attic"}}},{"operationType":"create","zone":{"zoneID":{"zoneName":"Cellar"}}}]}"#, as: me, database: "private")
            for (zone, names) in [("_defaultZone", ["d1", "d2"]), ("Attic", ["a1", "a2", "a3"]), ("Cellar", ["c1"])] {
                let operations = names.map { #"{"operationType":"create","record":{"recordType":"Box","recordName":"\#($0)"}}"# }
                _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"\#(zone)"},"operations":[\#(operations.joined(separator: ","))]}"#, as: me, database: "private")
            }
            for limit in [1, 2, 4, 200] {
                let paged = try await allPages(server, client, #""zoneWide":true,"query":{"recordType":"Box"}"#, limit: limit, as: me, database: "private")
                #expect(paged.names == ["d1", "d2", "a1", "a2", "a3", "c1"], "pages of \(limit)")
                #expect(paged.zones == ["_defaultZone", "_defaultZone", "Attic", "Attic", "Attic", "Cellar"])
            }
            let oneZone = try await allPages(server, client, #""zoneWide":true,"zoneID":{"zoneName":"Attic"},"query":{"recordType":"Box"}"#, limit: 200, as: me, database: "private")
            #expect(oneZone.names == ["a1", "a2", "a3"])
        }
    }

    @Test("a sort by distance from a point answers nearest first, page after page, near and far")
    func nearestFirst() async throws {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(
            #"DEFINE SCHEMA RECORD TYPE Cafe ("___recordID" REFERENCE QUERYABLE, place LOCATION QUERYABLE SORTABLE, open INT64 QUERYABLE, name STRING, GRANT READ TO "_world", GRANT CREATE TO "_icloud", GRANT WRITE TO "_creator");"#,
            into: server.container)
        // Cafés north of the point at growing distances, one in Tokyo, and one without a place.
        let places: [(String, Double, Double)] = [
            ("c3", 48.88, 2.35), ("c1", 48.86, 2.35), ("tokyo", 35.68, 139.69), ("c2", 48.87, 2.35), ("c0", 48.8501, 2.35),
            ("c4", 48.95, 2.35), ("lyon", 45.76, 4.83),
        ]
        try await server.live { client in
            var operations = places.map { name, latitude, longitude in
                #"{"operationType":"create","record":{"recordType":"Cafe","recordName":"\#(name)","fields":{"place":{"value":{"latitude":\#(latitude),"longitude":\#(longitude)}},"open":{"value":\#(name == "c2" ? 0 : 1)}}}}"#
            }
            operations.append(#"{"operationType":"create","record":{"recordType":"Cafe","recordName":"nowhere","fields":{"open":{"value":1}}}}"#)
            _ = try await server.post(client, "records/modify", #"{"operations":[\#(operations.joined(separator: ","))]}"#, as: .user(server.webAuthToken))
            let sort = #""sortBy":[{"fieldName":"place","relativeLocation":{"value":{"latitude":48.85,"longitude":2.35}}}]"#
            for limit in [1, 2, 3, 200] {
                let paged = try await allPages(server, client, #""query":{"recordType":"Cafe",\#(sort)}"#, limit: limit)
                #expect(paged.names == ["c0", "c1", "c2", "c3", "c4", "lyon", "tokyo"], "pages of \(limit)")
            }
            let open = try await allPages(
                server, client, #""query":{"recordType":"Cafe","filterBy":[{"fieldName":"open","comparator":"EQUALS","fieldValue":{"value":1}}],\#(sort)}"#, limit: 2)
            #expect(open.names == ["c0", "c1", "c3", "c4", "lyon", "tokyo"])
            let descending = try await server.post(
                client, "records/query",
                #"{"query":{"recordType":"Cafe","sortBy":[{"fieldName":"place","ascending":false,"relativeLocation":{"value":{"latitude":0,"longitude":0}}}]}}"#,
                as: .world)
            #expect(try descending.json["serverErrorCode"] as? String == "BAD_REQUEST")
        }
    }
}
