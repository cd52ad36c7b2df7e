import CKTestSupport
import Foundation

/// Requests that are wrong in every way a fuzzer finds: HTTP that does not parse, bodies that are not JSON, JSON
/// of the wrong shape, sent to the endpoints a real client uses, with or without credentials. Drawn from a seeded
/// generator, so a failing seed repeats exactly.
struct MalformedRequests {
    let container: String
    let apiToken: String
    let managementToken: String
    var random: SeededGenerator

    /// The data API and management paths a client sends bodies to.
    private var paths: [String] {
        let database = "/database/1/\(container)/development"
        return [
            "\(database)/public/records/modify", "\(database)/public/records/query", "\(database)/public/records/lookup",
            "\(database)/public/zones/lookup", "\(database)/private/zones/modify", "\(database)/private/changes/zone",
            "\(database)/public/subscriptions/modify", "\(database)/public/users/discover", "\(database)/public/assets/upload",
            "\(database)/public/tokens/register", "/management/1/containers/\(container)/schema/edit",
            "/management/1/containers/\(container)/schema/import", "/assets/upload/\(String(repeating: "0", count: 32))",
        ]
    }

    /// Valid bodies, the seeds mutations start from.
    private static let bodies = [
        #"{"operations":[{"operationType":"create","record":{"recordType":"Note","recordName":"n1","fields":{"title":{"value":"hi"},"count":{"value":3},"when":{"value":1767225600000,"type":"TIMESTAMP"}}}}]}"#,
        #"{"query":{"recordType":"Note","filterBy":[{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":"hi"}}],"sortBy":[{"fieldName":"count"}]},"resultsLimit":5}"#,
        #"{"records":[{"recordName":"n1"}],"desiredKeys":["title"]}"#,
        #"{"zones":[{"zoneName":"_defaultZone"}]}"#,
        #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Z"}}}]}"#,
        #"{"zones":[{"zoneID":{"zoneName":"Z"},"syncToken":"1|2|3"}]}"#,
        #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"query","query":{"recordType":"Note"},"firesOn":["create"]}}]}"#,
        #"{"lookupInfos":[{"emailAddress":"a@example.com"}]}"#,
        #"{"zoneID":{"zoneName":"_defaultZone"},"tokens":[{"recordType":"Note","fieldName":"file"}]}"#,
        #"{"operations":[{"op":"addField","recordType":"Note","field":{"name":"x","type":"STRING"}}]}"#,
    ]

    /// The next request's bytes.
    mutating func next() -> [UInt8] {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: return wellFormedHTTP(body: mutatedJSON())
        case 4..<6: return wellFormedHTTP(body: Array(hostileJSON().utf8))
        case 6..<8: return mutatedBytes(wellFormedHTTP(body: mutatedJSON()))
        default: return brokenHTTP()
        }
    }

    /// A request that parses, to a real path, with credentials or without, carrying `body`.
    private mutating func wellFormedHTTP(body: [UInt8]) -> [UInt8] {
        let path = paths.randomElement(using: &random)!
        var query = ""
        var headers = "Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
        switch Int.random(in: 0..<4, using: &random) {
        case 0: query = "?ckAPIToken=\(apiToken)"
        case 1: headers += "Authorization: Bearer \(managementToken)\r\n"
        case 2: query = "?ckAPIToken=\(apiToken)&ckWebAuthToken=\(String(repeating: "A", count: Int.random(in: 0...300, using: &random)))"
        default: break
        }
        let head = "POST \(path)\(query) HTTP/1.1\r\n\(headers)Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// A valid body with a few of its bytes flipped, cut or repeated.
    private mutating func mutatedJSON() -> [UInt8] {
        var bytes = Array(Self.bodies.randomElement(using: &random)!.utf8)
        for _ in 0..<Int.random(in: 0...4, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.removeSubrange(index...)
            case 2: bytes.insert(contentsOf: bytes[index...].prefix(40), at: index)
            default: bytes.insert(UInt8(ascii: "\""), at: index)
            }
        }
        return bytes
    }

    /// JSON that parses but is built to hurt: deep nesting, huge numbers, long strings, wrong types, many items.
    private mutating func hostileJSON() -> String {
        let depth = Int.random(in: 100...20_000, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case 1: return #"{"operations":"# + String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) + "}"
        case 2: return #"{"resultsLimit":1e999999,"query":{"recordType":"Note"}}"#
        case 3: return #"{"records":[{"recordName":"\#(String(repeating: "x", count: Int.random(in: 1...400_000, using: &random)))"}]}"#
        case 4: return #"{"operations":[{"operationType":7,"record":[]}],"atomic":"yes"}"#
        case 5: return #"{"zones":[\#((0..<Int.random(in: 150...3_000, using: &random)).map { #"{"zoneName":"z\#($0)"}"# }.joined(separator: ","))]}"#
        default: return #"{"query":{"recordType":"Note","filterBy":[{"fieldName":"\u0000","comparator":"NEAR","fieldValue":{"value":{"latitude":"north"}}}]}}"#
        }
    }

    /// `bytes` with a stretch overwritten by random bytes, or cut short.
    private mutating func mutatedBytes(_ request: [UInt8]) -> [UInt8] {
        var bytes = request
        let index = Int.random(in: 0..<bytes.count, using: &random)
        if Bool.random(using: &random) {
            for offset in index..<min(bytes.count, index + Int.random(in: 1...16, using: &random)) {
                bytes[offset] = UInt8.random(in: 0...255, using: &random)
            }
            return bytes
        }
        return Array(bytes[..<max(index, 1)])
    }

    /// HTTP that does not parse: wrong framing, impossible lengths, oversized parts, binary noise.
    private mutating func brokenHTTP() -> [UInt8] {
        let path = paths.randomElement(using: &random)!
        let cases: [String] = [
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -\(Int.random(in: 1...99, using: &random))\r\n\r\n",
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\(String(repeating: "9", count: 30))\r\n\r\n",
            "POST \(path)?ckAPIToken=\(apiToken) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n",
            "GET /\(String(repeating: "a", count: Int.random(in: 70_000...300_000, using: &random))) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (0..<Int.random(in: 1_001...3_000, using: &random)).map { "X-\($0): v\r\n" }.joined() + "\r\n",
            "GET /\r\n\r\n",
            "\(["BREW", "PR!", "G ET", ""].randomElement(using: &random)!) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET \(path) HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
            "GET \(path) HTTP/1.1\r\nHost: evil.example:1/../x\r\n\r\n",
        ]
        if Int.random(in: 0..<6, using: &random) == 0 {
            return (0..<Int.random(in: 1...2_048, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        return Array(cases.randomElement(using: &random)!.utf8)
    }
}
