import CKModel
import Foundation
import Testing

@testable import CKServer

/// Answers spliced from a record's stored JSON are the bytes that decoding it and writing it again gave, for every
/// field type, with and without `desiredKeys` and `numbersAsStrings` (issue 21).
@Suite("Records answered from their stored JSON")
struct StoredRecordRowTests {
    static let zoneID = ZoneID(zoneName: "Notes")
    static let container = ContainerID(rawValue: "iCloud.com.example.Rows")!

    /// A field of every type and every list type, names that sort apart from their order of writing, an escaped
    /// string and a nested list of references.
    static let fields: [String: FieldValue] = [
        "title": .string("Caf\u{e9} \"quoted\" \\ {braces}, [brackets]"),
        "count": .int64(-42),
        "ratio": .double(0.125),
        "when": .timestamp(Timestamp(millisecondsSince1970: 1_764_000_000_123)),
        "blob": .bytes(Data([0, 1, 2, 250])),
        "owner": .reference(Reference(recordName: "user-1", action: .deleteSelf)),
        "place": .location(Location(latitude: 48.85, longitude: 2.35, horizontalAccuracy: 5)),
        "tags": .list(.string(["a", "b,c", "}"])),
        "counts": .list(.int64([1, 2, 3])),
        "ratios": .list(.double([1.5, -2])),
        "times": .list(.timestamp([Timestamp(millisecondsSince1970: 1)])),
        "blobs": .list(.bytes([Data([1]), Data()])),
        "links": .list(.reference([Reference(recordName: "a"), Reference(recordName: "b", action: ReferenceAction.none)])),
        "places": .list(.location([Location(latitude: 1, longitude: 2)])),
        "empty": .list(.string([])),
    ]

    static let record = StoredRecord(
        recordName: "note-1", recordType: "Note", changeTag: "3a", fields: fields,
        created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 10), userRecordName: "_creator", deviceID: "d1"),
        modified: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 20), userRecordName: "_editor"), parent: "folder-1")

    /// The stored form of `record`, as storage writes it.
    static func row(of record: StoredRecord) -> StoredRecordRow {
        var writer = JSONWriter()
        writer.fields(record.fields)
        var bare = record
        bare.fields = [:]
        return StoredRecordRow(record: bare, fieldsJSON: writer.bytes)
    }

    static func answer(_ record: Record, numbersAsStrings: Bool) -> String {
        var writer = JSONWriter()
        record.write(to: &writer, numbersAsStrings: numbersAsStrings)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(
        "the spliced answer is the decoded answer, byte for byte",
        arguments: [nil, ["title", "links", "missing"], [], ["count", "ratio", "places"]] as [[String]?], [false, true])
    func sameBytes(desiredKeys: [String]?, numbersAsStrings: Bool) throws {
        let row = Self.row(of: Self.record)
        let spliced = try row.wireRecord(
            zoneID: Self.zoneID, desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings, serverURL: "http://h", container: Self.container)
        let decoded = Self.record.wireRecord(zoneID: Self.zoneID, desiredKeys: desiredKeys, serverURL: "http://h", container: Self.container)
        #expect(Self.answer(spliced, numbersAsStrings: numbersAsStrings) == Self.answer(decoded, numbersAsStrings: numbersAsStrings))
        #expect((spliced.encodedFields != nil) == !numbersAsStrings, "copied unless numbers must become strings")
    }

    @Test("a record holding an asset is decoded, so that its answer gains the asset's downloadURL")
    func assets() throws {
        var record = Self.record
        record.fields["file"] = .asset(Asset(fileChecksum: "abc", size: 3, receipt: "r1"))
        let spliced = try Self.row(of: record).wireRecord(
            zoneID: Self.zoneID, desiredKeys: nil, numbersAsStrings: false, serverURL: "http://h", container: Self.container)
        #expect(spliced.encodedFields == nil)
        let answer = Self.answer(spliced, numbersAsStrings: false)
        #expect(answer == Self.answer(record.wireRecord(zoneID: Self.zoneID, desiredKeys: nil, serverURL: "http://h", container: Self.container), numbersAsStrings: false))
        #expect(answer.contains("downloadURL"))
    }

    @Test("desiredKeys over stored JSON keeps the named members in their order, and gives up on what it cannot read")
    func keeping() {
        let json = Array(#"{"a":{"value":[1,{"x":"}"}],"type":"T"}, "b" : {"value":"\","} ,"c":{"value":true}}"#.utf8)
        #expect(StoredFieldsJSON.keeping(["a", "c"], of: json).map { String(decoding: $0, as: UTF8.self) }
            == #"{"a":{"value":[1,{"x":"}"}],"type":"T"},"c":{"value":true}}"#)
        #expect(StoredFieldsJSON.keeping(["b"], of: json).map { String(decoding: $0, as: UTF8.self) } == #"{"b" : {"value":"\","}}"#)
        #expect(StoredFieldsJSON.keeping([], of: Array("{}".utf8)) == Array("{}".utf8))
        #expect(StoredFieldsJSON.keeping(["a"], of: Array(#"{"a":{"value":1}"#.utf8)) == nil)
        #expect(StoredFieldsJSON.keeping(["a"], of: Array(#"{"a\"b":{"value":1}}"#.utf8)) == nil)
        #expect(StoredFieldsJSON.keeping(["a"], of: Array(#"["a"]"#.utf8)) == nil)
    }
}
