import CKModel
import Crypto
import Foundation
import Testing

@testable import CKServer

@Suite("Query continuation markers")
struct QueryCursorTests {
    @Test("a marker reads back as the cursor it was made from, for every kind of index value", arguments: [
        QueryCursor.StoredValue?.none, .integer(0), .integer(Int64.max), .integer(Int64.min), .real(-1.5), .real(1e300), .real(5e-324),
        .real(0.1), .text(""), .text("café \"quoted\" ⁂ \\"),
    ])
    func roundTrip(value: QueryCursor.StoredValue?) throws {
        let zone = ZoneKey(container: ContainerID(rawValue: "iCloud.com.example.Party")!, environment: .development, database: .private, ownerRecordName: "_owner", zoneName: "Notes")
        let cursor = QueryCursor(query: "digest", zone: zone, value: value, recordName: "record-1", ties: [value, nil, .text("tie")])
        #expect(try QueryCursor(marker: cursor.marker, digest: "digest") == cursor)
        // A marker handed out before, written by Foundation's encoder, reads back the same.
        #expect(try QueryCursor(marker: JSONEncoder().encode(cursor).base64EncodedString(), digest: "digest") == cursor)
        let written = try JSONSerialization.jsonObject(with: Data(base64Encoded: cursor.marker)!) as? NSDictionary
        #expect(written == (try JSONSerialization.jsonObject(with: JSONEncoder().encode(cursor)) as? NSDictionary))
        #expect(try QueryCursor(marker: QueryCursor(query: "digest", value: value, recordName: "r").marker, digest: "digest").zoneName == nil)
    }

    @Test("a marker of another query, or not a marker at all, is BAD_REQUEST")
    func refused() {
        let marker = QueryCursor(query: "digest", value: .integer(1), recordName: "r").marker
        for (text, digest) in [(marker, "other"), ("not base64!", "digest"), (Data("{}".utf8).base64EncodedString(), "digest")] {
            #expect(throws: ServerError.self) { try QueryCursor(marker: text, digest: digest) }
        }
    }

    @Test("a query's digest is of its JSON with sorted keys and its zone's name, and differs for another query or zone")
    func digests() throws {
        let zone = ZoneKey(container: ContainerID(rawValue: "iCloud.com.example.Party")!, environment: .development, database: .public, ownerRecordName: "_owner", zoneName: "_defaultZone")
        let other = ZoneKey(container: zone.container, environment: .development, database: .public, ownerRecordName: "_owner", zoneName: "Other")
        func query(_ title: String) -> Query {
            Query(recordType: "Party", filterBy: [Filter(.field("title"), .equals, .string(title))], sortBy: [SortDescriptor(.field("title"))])
        }
        let long = Query(recordType: "Party", filterBy: [Filter(.field("title"), .in, .list(.string((0..<1000).map { "title-\($0)" })))])
        for (query, zone) in [(query("a"), zone), (query("b"), zone), (query("a"), other), (query("a"), nil), (long, zone)] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let hashed = try encoder.encode(query) + Data("|\(zone?.zoneName ?? "*")".utf8)
            let expected = SHA256.hash(data: hashed).prefix(12).map { String(format: "%02x", $0) }.joined()
            #expect(QueryCursor.digest(of: query, zone: zone) == expected)
        }
        #expect(QueryCursor.digest(of: query("a"), zone: zone) != QueryCursor.digest(of: query("b"), zone: zone))
        #expect(QueryCursor.digest(of: query("a"), zone: zone) != QueryCursor.digest(of: query("a"), zone: other))
    }
}
