import CKModel
import CKSchema
import Foundation
import Testing

@Suite("Field values written as text")
struct FieldValueTextTests {
    @Test("text is read as the field's type", arguments: [
        ("42", FieldType.value(.int64), FieldValue.int64(42)),
        ("4.5", .value(.double), .double(4.5)),
        ("4", .value(.double), .double(4)),
        ("7", FieldType(.number(preferredAs: nil)), .int64(7)),
        ("'quoted text'", .value(.string), .string("quoted text")),
        ("42", .value(.string), .string("42")),
        ("2026-11-24T10:00:00Z", .value(.timestamp), .timestamp(Timestamp(millisecondsSince1970: 1_795_514_400_000))),
        ("1795514400000", .value(.timestamp), .timestamp(Timestamp(millisecondsSince1970: 1_795_514_400_000))),
        ("37.5,-122.25", .value(.location), .location(Location(latitude: 37.5, longitude: -122.25))),
        ("owner-1", .value(.reference), .reference(Reference(recordName: "owner-1", action: ReferenceAction.none))),
        (#"["a","b"]"#, .list(.string), .list(.string(["a", "b"]))),
        ("1, 2,3", .list(.int64), .list(.int64([1, 2, 3]))),
        ("STRING:42", .value(.int64), .string("42")),
    ])
    func typed(text: String, type: FieldType, expected: FieldValue) throws {
        #expect(try FieldValueText.parse(text, as: type) == expected)
    }

    @Test("without a type the value is guessed as cktool does", arguments: [
        ("42", FieldValue.int64(42)), ("4.60", .double(4.6)), ("\"42\"", .string("42")), ("plain words", .string("plain words")),
        ("2026-11-24", .timestamp(Timestamp(millisecondsSince1970: 1_795_478_400_000))),
        ("37.5,-122.25", .location(Location(latitude: 37.5, longitude: -122.25))), ("[1,2]", .list(.int64([1, 2]))),
        ("DOUBLE:3", .double(3)),
    ])
    func guessed(text: String, expected: FieldValue) throws {
        #expect(try FieldValueText.parse(text, as: nil) == expected)
    }

    @Test("a date with a time of day is never read as its midnight; in a time zone it reads as the dashboard shows it")
    func timeOfDay() throws {
        #expect(throws: FieldValueTextError.self) { try FieldValueText.parse("2026-12-01 10:00:00", as: .value(.timestamp)) }
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let list = try FieldValueText.parse("2026-12-01 10:00:00, 2026-12-02 18:30, 2026-12-03 07:05:09.250", as: .list(.timestamp), localTimeZone: paris)
        #expect(list == .list(.timestamp([
            Timestamp(millisecondsSince1970: 1_796_115_600_000), Timestamp(millisecondsSince1970: 1_796_232_600_000),
            Timestamp(millisecondsSince1970: 1_796_277_909_250),
        ])))
        #expect(try FieldValueText.parse("2026-11-24T10:00:00Z", as: .value(.timestamp), localTimeZone: paris) == .timestamp(Timestamp(millisecondsSince1970: 1_795_514_400_000)))
    }

    @Test("a list element that cannot be read is named by its place")
    func elementNamed() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(throws: FieldValueTextError(text: "tomorrow", type: "TIMESTAMP", element: 2)) {
            try FieldValueText.parse("2026-12-01 10:00:00, tomorrow", as: .list(.timestamp), localTimeZone: utc)
        }
        #expect(FieldValueTextError(text: "tomorrow", type: "TIMESTAMP", element: 2).description == #"element 2: "tomorrow" is not a valid TIMESTAMP"#)
    }

    @Test("a timestamp written in a time zone reads back as the same moment, milliseconds and years before 1970 included")
    func localTextRoundTrip() throws {
        let zones = try ["UTC", "Europe/Paris", "America/Los_Angeles"].map { try #require(TimeZone(identifier: $0)) }
        for zone in zones {
            for milliseconds: Int64 in [0, 1_796_115_600_000, 1_796_277_909_250, -1, -86_400_001, 1_796_277_909_007] {
                let text = DateParts.text(of: Timestamp(millisecondsSince1970: milliseconds), in: zone)
                #expect(DateParts.timestamp(text, in: zone)?.millisecondsSince1970 == milliseconds, "\(text) in \(zone.identifier)")
            }
        }
        let utc = zones[0]
        #expect(DateParts.text(of: Timestamp(millisecondsSince1970: 1_796_277_909_250), in: utc) == "2026-12-03 06:05:09.250")
        #expect(DateParts.timestamp("2026-12-03 06:05:09.2500", in: utc) == nil && DateParts.timestamp("2026-12-03 06:05:09.-5", in: utc) == nil)
        let paris = zones[1]
        #expect(DateParts.timestamp("2026-12-01", in: paris) == DateParts.timestamp("2026-12-01 00:00", in: paris))
        #expect(DateParts.timestamp("2026-12-01", in: paris)?.millisecondsSince1970 == 1_796_079_600_000)
    }

    @Test("text that is not of the type says so")
    func refusals() {
        for (text, type) in [("4.5", FieldType.value(.int64)), ("soon", .value(.timestamp)), ("north", .value(.location)), ("x", .value(.asset)), ("[1", .list(.int64))] {
            #expect(throws: FieldValueTextError.self, "\(text) as \(type)") { try FieldValueText.parse(text, as: type) }
        }
        #expect(throws: FieldValueTextError(text: "4.5", type: "INT64")) { try FieldValueText.parse("4.5", as: .value(.int64)) }
    }

    @Test("formatted values read back the same")
    func roundTrip() throws {
        let values: [(FieldValue, FieldType)] = [
            (.string("a, \"b\""), .value(.string)), (.int64(-3), .value(.int64)), (.double(0.1), .value(.double)),
            (.timestamp(Timestamp(millisecondsSince1970: 1_795_514_400_123)), .value(.timestamp)),
            (.location(Location(latitude: 1.5, longitude: 2.25)), .value(.location)), (.bytes(Data([1, 2, 250])), .value(.bytes)),
            (.list(.string(["x,y", "z\"q"])), .list(.string)), (.list(.double([1.5, 2])), .list(.double)),
        ]
        for (value, type) in values {
            #expect(try FieldValueText.parse(FieldValueText.format(value), as: type) == value, "\(value)")
        }
    }
}
