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
