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

    @Test(
        "a record holding assets is spliced too, each asset given its downloadURL, byte for byte as decoded",
        arguments: [nil, ["file"], ["files", "title"], ["title"], []] as [[String]?])
    func assets(desiredKeys: [String]?) throws {
        var record = Self.record
        record.fields["file"] = .asset(Asset(fileChecksum: "ab/c+=", size: 3, referenceChecksum: "rc", wrappingKey: "wk", receipt: "r1"))
        record.fields["files"] = .list(.asset([Asset(fileChecksum: "x", size: 0, receipt: "r2"), Asset(size: 7), Asset()]))
        record.fields["none"] = .list(.asset([]))
        let spliced = try Self.row(of: record).wireRecord(
            zoneID: Self.zoneID, desiredKeys: desiredKeys, numbersAsStrings: false, serverURL: "http://h:1", container: Self.container)
        #expect(spliced.encodedFields != nil)
        let answer = Self.answer(spliced, numbersAsStrings: false)
        let decoded = record.wireRecord(zoneID: Self.zoneID, desiredKeys: desiredKeys, serverURL: "http://h:1", container: Self.container)
        #expect(answer == Self.answer(decoded, numbersAsStrings: false))
        #expect(answer.contains(#""downloadURL":"http://h:1/assets/download/iCloud.com.example.Rows/r1""#) == (desiredKeys?.contains("file") ?? true))
        #expect(!answer.contains("receipt") && !answer.contains("wrappingKey"))
    }

    @Test(
        "stored assets in a form storage no longer writes, or beside text that looks like one, are decoded and answered the same",
        arguments: [
            #"{"file":{"type":"ASSET","value":{"fileChecksum":"a","size":1,"receipt":"r"}}}"#,
            #"{"file":{"type":"ASSETID","value":{"fileChecksum":"a\/b","size":1,"receipt":"r"}}}"#,
            #"{"file":{"type":"ASSETID","value":{"size":1,"fileChecksum":"a","receipt":"r","downloadURL":"old"}}}"#,
            #"{"file":{"type":"ASSETID","value":{"size":1.0,"receipt":"r"}}}"#,
            #"{"note":{"type":"STRING","value":"\"type\":\"ASSETID\",\"value\":{"}}"#,
            #"{"ASSETS":{"type":"INT64","value":1}}"#,
        ])
    func storedAssetForms(json: String) throws {
        let row = StoredRecordRow(record: Self.record, fieldsJSON: Array(json.utf8))
        let spliced = try row.wireRecord(zoneID: Self.zoneID, desiredKeys: nil, numbersAsStrings: false, serverURL: "http://h", container: Self.container)
        let decoded = try row.decoded().wireRecord(zoneID: Self.zoneID, desiredKeys: nil, serverURL: "http://h", container: Self.container)
        #expect(Self.answer(spliced, numbersAsStrings: false) == Self.answer(decoded, numbersAsStrings: false))
    }

    @Test("the asset rewriting gives up on what it cannot read exactly, and leaves the rest of the JSON as it is")
    func assetRewriting() {
        let rewriting = StoredAssetsJSON(downloadPrefix: "u/")
        func rewritten(_ json: String) -> String? {
            Array(json.utf8).withUnsafeBytes { rewriting.fetched($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(rewritten(#"{"a":{"type":"ASSETID","value":{"fileChecksum":"c","size":12,"wrappingKey":"k","receipt":"r"}},"b":1}"#)
            == #"{"a":{"type":"ASSETID","value":{"fileChecksum":"c","size":12,"downloadURL":"u/r"}},"b":1}"#)
        #expect(rewritten(#"{"a":{"type":"ASSETID_LIST","value":[{"receipt":"r"},{}]}}"#) == #"{"a":{"type":"ASSETID_LIST","value":[{"downloadURL":"u/r"},{}]}}"#)
        #expect(rewritten(#"{"a":{"type":"ASSETID_LIST","value":[]}}"#) == #"{"a":{"type":"ASSETID_LIST","value":[]}}"#)
        #expect(rewritten(#"{"a":{"type":"ASSETID","value":{"size":-9223372036854775808,"receipt":""}}}"#)
            == #"{"a":{"type":"ASSETID","value":{"size":-9223372036854775808,"downloadURL":"u/"}}}"#)
        #expect(rewritten(#"{"b":{"type":"STRING","value":"x"}}"#) == #"{"b":{"type":"STRING","value":"x"}}"#)
        for refused in [
            #"{"a":{"type":"ASSET","value":{"receipt":"r"}}}"#,
            #"{"a":{"type":"ASSETID","value":{"receipt":"r\"s"}}}"#,
            #"{"a":{"type":"ASSETID","value":{"receipt":"r","receipt":"s"}}}"#,
            #"{"a":{"type":"ASSETID","value":{"owner":"r"}}}"#,
            #"{"a":{"type":"ASSETID","value":{"size":"12"}}}"#,
            #"{"a":{"type":"ASSETID","value":{"receipt":1}}}"#,
            #"{"a":{"type":"ASSETID","value":{"wrappingKey":1}}}"#,
            #"{"a":{"type":"ASSETID","value":{"size":9223372036854775808}}}"#,
            #"{"a":{"type":"ASSETID","value":{"size":-}}}"#,
            #"{"a":{"type":"ASSETID_LIST","value":[{"receipt":"r"}"#,
            #"{"a":{"type":"ASSETID","value":{"receipt":"r""#,
            #"{"a":{"value":{"receipt":"r"},"type":"ASSETID"}}"#,
        ] {
            #expect(rewritten(refused) == nil, "\(refused)")
        }
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
