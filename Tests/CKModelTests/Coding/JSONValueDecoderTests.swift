import CKModel
import Foundation
import Testing

/// The error `body` throws.
private func thrown(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A `DecodingError` as the server describes it: its case, coding path and message.
private func summary(_ error: (any Error)?) -> String {
    guard let error = error as? DecodingError else { return "not a DecodingError: \(String(describing: error))" }
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context)): \(context.debugDescription)"
    case .typeMismatch(_, let context): return "typeMismatch at \(path(context)): \(context.debugDescription)"
    case .valueNotFound(_, let context): return "valueNotFound at \(path(context)): \(context.debugDescription)"
    case .dataCorrupted(let context): return "dataCorrupted at \(path(context)): \(context.debugDescription)"
    @unknown default: return "unknown"
    }
}

/// Exercises every container call, so Foundation's and our answers can be compared.
private struct Probe: Decodable, Equatable {
    var values: [String] = []

    private enum Keys: String, CodingKey { case a, b, list, nested, missing }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        values.append("keys \(container.allKeys.map(\.stringValue).sorted())")
        values.append("contains a \(container.contains(.a)), missing \(container.contains(.missing))")
        values.append("a nil \(try container.decodeNil(forKey: .a))")
        values.append("b \(String(describing: try container.decodeIfPresent(Int8.self, forKey: .b)))")
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        values.append("count \(String(describing: list.count))")
        values.append("nil \(try list.decodeNil()) at \(list.currentIndex)")
        values.append("\(try list.decode(UInt16.self)) \(try list.decode(Float.self)) \(try list.decode(Bool.self))")
        values.append("super \(try list.superDecoder().codingPath.map(\.stringValue))")
        values.append("end \(list.isAtEnd)")
        let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        values.append("nested \(try nested.decode(String.self, forKey: .a)) \(nested.codingPath.map(\.stringValue))")
        let superDecoder = try nested.superDecoder()
        values.append("super \(superDecoder.codingPath.map(\.stringValue)) \(try superDecoder.singleValueContainer().decodeNil())")
    }
}

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    @Test("decodes the request fixtures exactly as JSONDecoder does")
    func fixtures() throws {
        let modify = try fixture("records-modify-request.json")
        #expect(try JSONValueDecoder().decode(RecordsModify.Request.self, from: modify)
            == JSONDecoder().decode(RecordsModify.Request.self, from: modify))
        let query = try fixture("records-query-request.json")
        #expect(try JSONValueDecoder().decode(RecordsQuery.Request.self, from: query)
            == JSONDecoder().decode(RecordsQuery.Request.self, from: query))
        let subscriptions = try fixture("subscriptions-modify-request.json")
        #expect(try JSONValueDecoder().decode([String: [SubscriptionOperation]].self, from: subscriptions)
            == JSONDecoder().decode([String: [SubscriptionOperation]].self, from: subscriptions))
    }

    @Test("round-trips every request type of the Web Services API")
    func requests() throws {
        let record = Record(
            recordName: "r", recordType: "Party", recordChangeTag: "t",
            fields: [
                "title": .string("é \"quoted\""), "guests": .int64(-9_223_372_036_854_775_808), "budget": .double(0.1),
                "when": .timestamp(Timestamp(millisecondsSince1970: 1_700_000_000_000)), "raw": .bytes(Data([0, 255])),
                "host": .reference(Reference(recordName: "h", action: .deleteSelf)),
                "place": .location(Location(latitude: 48.85, longitude: 2.35, timestamp: Timestamp(millisecondsSince1970: 5))),
                "file": .asset(Asset(fileChecksum: "c", size: 3, receipt: "r")), "tags": .list(.string(["a", "b"])),
                "scores": .list(.double([1, 2.5])),
            ],
            zoneID: ZoneID(zoneName: "Z"))
        try roundTrip(RecordsModify.Request(operations: [RecordOperation(.create, record)], zoneID: ZoneID(zoneName: "Z"), atomic: true, desiredKeys: ["title"], numbersAsStrings: true))
        try roundTrip(RecordsModify.Response(records: [.success(record)]))
        try roundTrip(RecordsQuery.Request(
            query: Query(recordType: "Party", filterBy: [Filter(.field("guests"), .greaterThanOrEquals, .int64(3))], sortBy: [SortDescriptor(.field("title"))]),
            resultsLimit: 50))
        try roundTrip(ChangesZone.Request(zones: [ChangesZone.ZoneRequest(zoneID: ZoneID(zoneName: "Z"), syncToken: "s")], resultsLimit: 200))
        try roundTrip(Zones.ModifyRequest(operations: [ZoneOperation(.create, Zone(zoneID: ZoneID(zoneName: "Z")))]))
    }

    private func roundTrip<T: Codable & Equatable>(_ value: T) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONValueDecoder().decode(T.self, from: data) == value)
        #expect(try JSONValueDecoder().decode(T.self, from: data) == JSONDecoder().decode(T.self, from: data))
    }

    @Test("every container call answers as JSONDecoder's does")
    func containers() throws {
        let json = Data(#"{"a":null,"b":7,"list":[null,65535,1.5,true,"s"],"nested":{"a":"x"}}"#.utf8)
        #expect(try JSONValueDecoder().decode(Probe.self, from: json) == JSONDecoder().decode(Probe.self, from: json))
    }

    /// Bodies with a decoding error, and the type they are decoded as.
    static let failures: [(String, @Sendable (DecoderKind, Data) throws -> Void)] = [
        ("{}", { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[{"operationType":"create"}]}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[{"operationType":"explode","record":{}}]}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":{}}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":null}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[],"atomic":1}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[],"zoneID":[]}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[],"desiredKeys":["a",null]}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[],"desiredKeys":["a",true]}"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        ("[]", { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        ("null", { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#""text""#, { _ = try $0.decode(RecordsQuery.Request.self, from: $1) }),
        (#"{"query":{"recordType":5}}"#, { _ = try $0.decode(RecordsQuery.Request.self, from: $1) }),
        (#"{"query":{"recordType":"P"},"resultsLimit":"5"}"#, { _ = try $0.decode(RecordsQuery.Request.self, from: $1) }),
        (#"{"zones":[{"zoneID":{"zoneName":5}}]}"#, { _ = try $0.decode(ChangesZone.Request.self, from: $1) }),
        (#"{"records":[{"fields":{"f":{"value":{"color":"red"}}}}]}"#, { _ = try $0.decode(RecordsModify.Response.self, from: $1) }),
        ("[1,null]", { _ = try $0.decode([Int8].self, from: $1) }),
        (#"["x"]"#, { _ = try $0.decode([Double].self, from: $1) }),
        (#"{"a":"!!"}"#, { _ = try $0.decode([String: Data].self, from: $1) }),
        ("{", { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        (#"{"operations":[]} x"#, { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
    ]

    @Test("errors have Foundation's case, coding path and message", arguments: failures.indices)
    func errors(index: Int) throws {
        let (json, decodeBody) = Self.failures[index]
        let fast = thrown { try decodeBody(.fast, Data(json.utf8)) }
        let foundation = thrown { try decodeBody(.foundation, Data(json.utf8)) }
        #expect(fast != nil, "\(json) was accepted")
        #expect(summary(fast) == summary(foundation), "\(json)")
    }

    @Test("a number out of range for its type is an error at its own key, not the whole body")
    func numberRange() throws {
        struct Small: Decodable { var a: Int8 }
        #expect(summary(thrown { _ = try JSONValueDecoder().decode(Small.self, from: Data(#"{"a":300}"#.utf8)) })
            == "dataCorrupted at a: Parsed JSON number <300> does not fit in Int8.")
        #expect(summary(thrown { _ = try JSONValueDecoder().decode(Small.self, from: Data(#"{"a":1.5}"#.utf8)) })
            == "dataCorrupted at a: Parsed JSON number <1.5> does not fit in Int8.")
        #expect(try JSONValueDecoder().decode([Int64].self, from: Data("[3.0, 1e3]".utf8)) == [3, 1000])
        #expect(try JSONValueDecoder().decode([UInt64].self, from: Data("[18446744073709551615]".utf8)) == [.max])
        #expect(try JSONValueDecoder().decode([Decimal].self, from: Data("[1.5]".utf8)) == [Decimal(string: "1.5")!])
        #expect(try JSONValueDecoder().decode([URL].self, from: Data(#"["http://x/y"]"#.utf8)) == [URL(string: "http://x/y")!])
        #expect(try JSONValueDecoder().decode([Data].self, from: Data(#"["AAE="]"#.utf8)) == [Data([0, 1])])
    }

    @Test("malformed JSON is dataCorrupted at the root with the parser's error underneath")
    func malformed() throws {
        let error = thrown { _ = try JSONValueDecoder().decode([Int].self, from: Data("[1,".utf8)) }
        guard case .dataCorrupted(let context)? = error as? DecodingError else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == "The given data was not valid JSON.")
        let underlying = context.underlyingError as? JSONParseError
        #expect(underlying?.offset == 3)
        #expect(underlying?.reason == "unexpected end of input")
    }

    @Test("userInfo reaches every Decodable")
    func userInfo() throws {
        struct Flagged: Decodable {
            var flag: Bool
            init(from decoder: any Decoder) throws {
                flag = decoder.userInfo[.numbersAsStrings] as? Bool ?? false
            }
        }
        var decoder = JSONValueDecoder()
        decoder.userInfo[.numbersAsStrings] = true
        #expect(try decoder.decode([Flagged].self, from: Data("[{}]".utf8)).map(\.flag) == [true])
    }
}
