import CKModel
import Foundation
import Testing

@Suite("Field values on the wire")
struct FieldValueCodingTests {
    /// Every field type and its list form, with the JSON CloudKit writes for it.
    static let cases: [(FieldValue, String)] = [
        (.string("Mei"), #"{"type":"STRING","value":"Mei"}"#),
        (.int64(9_007_199_254_740_993), #"{"type":"INT64","value":9007199254740993}"#),
        (.double(3.25), #"{"type":"DOUBLE","value":3.25}"#),
        (.timestamp(Timestamp(millisecondsSince1970: 1_422_312_944_104)), #"{"type":"TIMESTAMP","value":1422312944104}"#),
        (.bytes(Data([0, 1, 2, 250])), #"{"type":"BYTES","value":"AAEC+g=="}"#),
        (.reference(Reference(recordName: "Mei Chen", zoneID: ZoneID(zoneName: "Art"), action: .deleteSelf)),
         #"{"type":"REFERENCE","value":{"recordName":"Mei Chen","zoneID":{"zoneName":"Art"},"action":"DELETE_SELF"}}"#),
        (.asset(Asset(fileChecksum: "AXk", size: 12, referenceChecksum: "r", wrappingKey: "w", receipt: "rc")),
         #"{"type":"ASSETID","value":{"fileChecksum":"AXk","size":12,"referenceChecksum":"r","wrappingKey":"w","receipt":"rc"}}"#),
        (.location(Location(latitude: 48.85, longitude: 2.35, horizontalAccuracy: 5, verticalAccuracy: 3, altitude: 35,
                            speed: 1.5, course: 90, timestamp: Timestamp(millisecondsSince1970: 1000))),
         #"{"type":"LOCATION","value":{"latitude":48.85,"longitude":2.35,"horizontalAccuracy":5,"verticalAccuracy":3,"altitude":35,"speed":1.5,"course":90,"timestamp":1000}}"#),
        (.list(.string(["a", "b"])), #"{"type":"STRING_LIST","value":["a","b"]}"#),
        (.list(.int64([1, -2])), #"{"type":"INT64_LIST","value":[1,-2]}"#),
        (.list(.double([0.5, 2.5])), #"{"type":"DOUBLE_LIST","value":[0.5,2.5]}"#),
        (.list(.timestamp([Timestamp(millisecondsSince1970: 5)])), #"{"type":"TIMESTAMP_LIST","value":[5]}"#),
        (.list(.bytes([Data("hi".utf8)])), #"{"type":"BYTES_LIST","value":["aGk="]}"#),
        (.list(.reference([Reference(recordName: "r1", action: ReferenceAction.none)])),
         #"{"type":"REFERENCE_LIST","value":[{"recordName":"r1","action":"NONE"}]}"#),
        (.list(.asset([Asset(fileChecksum: "c", size: 1, receipt: "x")])),
         #"{"type":"ASSETID_LIST","value":[{"fileChecksum":"c","size":1,"receipt":"x"}]}"#),
        (.list(.location([Location(latitude: 1, longitude: 2)])),
         #"{"type":"LOCATION_LIST","value":[{"latitude":1,"longitude":2}]}"#),
    ]

    @Test("every field type encodes to CloudKit's JSON", arguments: cases.indices)
    func encodes(index: Int) throws {
        let (value, json) = Self.cases[index]
        #expect(try jsonObject(value) == jsonObject(json))
    }

    @Test("every field type decodes from CloudKit's JSON", arguments: cases.indices)
    func decodes(index: Int) throws {
        let (value, json) = Self.cases[index]
        #expect(try decode(FieldValue.self, json) == value)
    }

    @Test("a whole DOUBLE keeps its tag, so it is not read back as INT64")
    func wholeDouble() throws {
        let data = try JSONEncoder().encode(FieldValue.double(3))
        #expect(try JSONDecoder().decode(FieldValue.self, from: data) == .double(3))
    }

    @Test("lenient tags: bare LIST, ASSETID, NUMBER_*, ENCRYPTED_*")
    func lenientTags() throws {
        #expect(try decode(FieldValue.self, #"{"type":"LIST","value":[1,2]}"#) == .list(.int64([1, 2])))
        #expect(try decode(FieldValue.self, #"{"type":"LIST","value":["x"]}"#) == .list(.string(["x"])))
        #expect(try decode(FieldValue.self, #"{"type":"LIST","value":[]}"#) == .list(.string([])))
        #expect(try decode(FieldValue.self, #"{"type":"ASSETID","value":{"downloadURL":"u"}}"#)
            == .asset(Asset(downloadURL: "u")))
        #expect(try decode(FieldValue.self, #"{"type":"ASSET","value":{"downloadURL":"u"}}"#)
            == .asset(Asset(downloadURL: "u")))
        #expect(try decode(FieldValue.self, #"{"type":"NUMBER_INT64","value":59412}"#) == .int64(59412))
        #expect(try decode(FieldValue.self, #"{"type":"NUMBER_DOUBLE","value":1.5}"#) == .double(1.5))
        #expect(try decode(FieldValue.self, #"{"type":"ENCRYPTED_BYTES","value":"AAE="}"#) == .bytes(Data([0, 1])))
    }

    @Test("untagged values are inferred the way the server must")
    func inference() throws {
        #expect(try decode(FieldValue.self, #"{"value":18}"#) == .int64(18))
        #expect(try decode(FieldValue.self, #"{"value":18.5}"#) == .double(18.5))
        #expect(try decode(FieldValue.self, #"{"value":"Mei"}"#) == .string("Mei"))
        #expect(try decode(FieldValue.self, #"{"value":true}"#) == .int64(1))
        #expect(try decode(FieldValue.self, #"{"value":{"recordName":"Mei Chen","action":"NONE"}}"#)
            == .reference(Reference(recordName: "Mei Chen", action: ReferenceAction.none)))
        #expect(try decode(FieldValue.self, #"{"value":{"latitude":1,"longitude":2}}"#)
            == .location(Location(latitude: 1, longitude: 2)))
        #expect(try decode(FieldValue.self, #"{"value":{"fileChecksum":"c","size":3,"receipt":"r"}}"#)
            == .asset(Asset(fileChecksum: "c", size: 3, receipt: "r")))
        #expect(try decode(FieldValue.self, #"{"value":[1,2,3]}"#) == .list(.int64([1, 2, 3])))
        #expect(try decode(FieldValue.self, #"{"value":["a"]}"#) == .list(.string(["a"])))
    }

    @Test("an untagged list of whole numbers and fractions is a DOUBLE list, in any order")
    func mixedNumberList() throws {
        #expect(try decode(FieldValue.self, #"{"value":[1,2.5]}"#) == .list(.double([1, 2.5])))
        #expect(try decode(FieldValue.self, #"{"value":[2.5,1]}"#) == .list(.double([2.5, 1])))
        #expect(try decode(FieldValue.self, #"{"type":"LIST","value":[3,0.5]}"#) == .list(.double([3, 0.5])))
        #expect(throws: DecodingError.self) { try decode(FieldValue.self, #"{"value":[1,"a"]}"#) }
    }

    @Test("errors name a field called fields, and say what is wrong inside an object")
    func errorDetails() throws {
        let named = try #require(throws: DecodingError.self) {
            try decode(Record.self, #"{"fields":{"fields":{"type":"INT64","value":"x"}}}"#)
        }
        #expect(decodingMessage(named).hasPrefix("Invalid value for field 'fields': expected INT64"))
        let action = try #require(throws: DecodingError.self) {
            try decode(Record.self, #"{"fields":{"artist":{"type":"REFERENCE","value":{"recordName":"a","action":"SOMETIMES"}}}}"#)
        }
        #expect(decodingMessage(action).contains("'action' is not valid"))
        let missing = try #require(throws: DecodingError.self) {
            try decode(Record.self, #"{"fields":{"place":{"type":"LOCATION","value":{"latitude":1}}}}"#)
        }
        #expect(decodingMessage(missing).contains("'longitude' is missing"))
    }

    @Test("numbersAsStrings writes INT64 and DOUBLE values as strings and reads them back")
    func numbersAsStrings() throws {
        let int = try jsonObject(FieldValue.int64(9_007_199_254_740_993), numbersAsStrings: true)
        #expect(int["value"] as? String == "9007199254740993")
        let list = try jsonObject(FieldValue.list(.int64([1, 2])), numbersAsStrings: true)
        #expect(list["value"] as? [String] == ["1", "2"])
        let double = try jsonObject(FieldValue.double(2.5), numbersAsStrings: true)
        #expect(double["value"] as? String == "2.5")
        let string = try jsonObject(FieldValue.string("7"), numbersAsStrings: true)
        #expect(string["value"] as? String == "7")
        #expect(try decode(FieldValue.self, #"{"type":"INT64","value":"9007199254740993"}"#) == .int64(9_007_199_254_740_993))
        #expect(try decode(FieldValue.self, #"{"type":"DOUBLE","value":"2.5"}"#) == .double(2.5))
        #expect(try decode(FieldValue.self, #"{"type":"INT64_LIST","value":["1","2"]}"#) == .list(.int64([1, 2])))
    }

    @Test("a value that does not fit its tag is an error naming the field")
    func mismatchNamesField() throws {
        let samples: [(String, String)] = [
            (#""TIMESTAMP","value":"yesterday""#, "TIMESTAMP"),
            (#""TIMESTAMP","value":1.5"#, "TIMESTAMP"),
            (#""INT64","value":3.5"#, "INT64"),
            (#""INT64","value":"three""#, "INT64"),
            (#""STRING","value":5"#, "STRING"),
            (#""BYTES","value":"not base64!""#, "BYTES"),
            (##""REFERENCE","value":"Mei""##, "REFERENCE"),
            (#""REFERENCE","value":{"action":"NONE"}"#, "REFERENCE"),
            (#""LOCATION","value":{"latitude":1}"#, "LOCATION"),
            (#""STRING_LIST","value":"a""#, "STRING"),
            (#""INT64_LIST","value":[1,"x"]"#, "INT64"),
            (#""REFERENCE","value":{"recordName":"a","action":"SOMETIMES"}"#, "REFERENCE"),
        ]
        for (body, expected) in samples {
            let json = #"{"recordName":"r","fields":{"title":{"type":"# + body + "}}}"
            let error = try #require(throws: DecodingError.self) { try decode(Record.self, json) }
            let message = decodingMessage(error)
            #expect(message.contains("'title'"), "\(body): \(message)")
            #expect(message.contains(expected), "\(body): \(message)")
        }
    }

    @Test("unknown tags, missing values and mixed lists are errors")
    func otherErrors() throws {
        for json in [
            #"{"type":"BOOLEAN","value":true}"#, #"{"type":"STRING"}"#, #"{"type":"STRING","value":null}"#,
            #"{"value":[1,"a"]}"#, #"{"value":[[1]]}"#, #"{"value":{"color":"red"}}"#, #"{"type":7,"value":1}"#,
            #"{"value":null}"#, #"[]"#, #""x""#,
        ] {
            #expect(throws: DecodingError.self, "\(json)") { try decode(FieldValue.self, json) }
        }
    }

    @Test("timestamps convert to and from dates at millisecond precision, clamping impossible dates")
    func timestampDates() {
        #expect(Timestamp(Date(timeIntervalSince1970: 1e17)).millisecondsSince1970 == .max)
        #expect(Timestamp(Date(timeIntervalSince1970: -1e17)).millisecondsSince1970 == .min)
        #expect(Timestamp(Date(timeIntervalSince1970: .nan)).millisecondsSince1970 == 0)
        let date = Date(timeIntervalSince1970: 1_422_312_944.1044)
        let timestamp = Timestamp(date)
        #expect(timestamp.millisecondsSince1970 == 1_422_312_944_104)
        #expect(abs(timestamp.date.timeIntervalSince1970 - 1_422_312_944.104) < 0.000_001)
    }
}
