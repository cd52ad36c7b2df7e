import CKModel
import Foundation
import Testing

@Suite("The fast JSON writer gives the same JSON as Codable")
struct JSONWriterTests {
    /// A record with every kind of field value and every optional key.
    static var fullRecord: Record {
        Record(
            recordName: "r \"quoted\" \\ \n\t\u{1}é", recordType: "Party", recordChangeTag: "1e",
            fields: Dictionary(uniqueKeysWithValues: FieldValueCodingTests.cases.enumerated().map { ("f\($0.offset)", $0.element.0) }),
            created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_u", deviceID: "iCloud"),
            modified: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 2)),
            deleted: false, parent: Reference(recordName: "p"), share: Reference(recordName: "s", action: .none),
            zoneID: ZoneID(zoneName: "Z", ownerRecordName: "_o", zoneType: .regularCustomZone), shortGUID: "g", createShortGUID: true,
            forRecord: RecordVersion(recordName: "root", recordChangeTag: "2"), publicPermission: .readOnly,
            participants: [ShareParticipant(
                userIdentity: UserIdentity(userRecordName: "_p", lookupInfo: .init(emailAddress: "p@example.com")), permission: .readWrite,
                type: .user, acceptanceStatus: .invited)],
            owner: ShareParticipant(userIdentity: UserIdentity(userRecordName: "_o"), permission: .readWrite, type: .owner, acceptanceStatus: .accepted),
            currentUserParticipant: ShareParticipant(type: .owner))
    }

    private func parsed(_ bytes: some Sequence<UInt8>) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
    }

    private func written(_ value: some JSONWritable, numbersAsStrings: Bool) throws -> NSDictionary {
        var writer = JSONWriter()
        value.write(to: &writer, numbersAsStrings: numbersAsStrings)
        return try parsed(writer.bytes)
    }

    @Test("records and the responses that carry them", arguments: [false, true])
    func equivalence(numbersAsStrings: Bool) throws {
        let error = ServerError(.conflict, reason: "stale", recordName: "x")
        let records: [ItemResult<Record>] = [.success(Self.fullRecord), .success(Record(recordName: "bare")), .failure(error)]
        let values: [any JSONWritable & Encodable] = [
            Self.fullRecord, Record(),
            RecordsModify.Response(records: records), RecordsModify.Response(records: []),
        ]
        for value in values {
            #expect(try written(value, numbersAsStrings: numbersAsStrings) == jsonObject(value, numbersAsStrings: numbersAsStrings), "\(type(of: value))")
        }
    }

    @Test("whole numbers are written as their decimal text, the extremes included", arguments: [0, 7, -7, 10, 1_764_000_000_123, Int64.max, Int64.min])
    func integers(value: Int64) {
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(value)
        writer.number(value)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[\(value),\(value)]")
    }

    @Test("whole numbers of every length, at and around each power of ten, and all below a thousand, either sign")
    func integersOfEveryLength() {
        var values: [Int64] = Array(0..<1_000)
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, power * 3 + 7]
        }
        for value in values + values.map { -$0 } + [Int64.max, Int64.min] {
            var writer = JSONWriter()
            writer.number(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == value.description)
        }
    }

    @Test("a string is escaped wherever the byte to escape falls in it, and copied whole when none is there")
    func escapes() throws {
        // Every byte offset of strings up to three words long, beside ASCII and beside the bytes of a two-byte letter.
        for escaped in ["\"", "\\", "\n", "\u{1}", "\u{1F}"] {
            for filler in ["a", "é"] {
                for length in [1, 7, 8, 9, 16, 23] {
                    let bytes = Array(String(repeating: filler, count: length).utf8)
                    for offset in 0...bytes.count where offset == bytes.count || (bytes[offset] & 0xC0) != 0x80 {
                        let text = String(decoding: bytes[..<offset] + Array(escaped.utf8) + bytes[offset...], as: UTF8.self)
                        var writer = JSONWriter()
                        writer.beginArray()
                        writer.string(text)
                        writer.endArray()
                        #expect(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String] == [text], "\(text.debugDescription)")
                    }
                }
            }
        }
        var writer = JSONWriter()
        writer.beginArray()
        writer.string("~ \u{7F}é ok ⁂ \u{20}!")
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[\"~ \u{7F}é ok ⁂ \u{20}!\"]")
    }

    @Test("what the writer writes decodes back to the same values")
    func roundTrip() throws {
        var writer = JSONWriter()
        RecordsModify.Response(records: [.success(Self.fullRecord)]).write(to: &writer, numbersAsStrings: false)
        let decoded = try JSONDecoder().decode(RecordsModify.Response.self, from: Data(writer.bytes))
        #expect(decoded.records == [.success(Self.fullRecord)])
    }

    @Test("a record's fields already encoded are written as they are, the same as the fields themselves")
    func encodedFields() throws {
        var fieldsWriter = JSONWriter()
        fieldsWriter.fields(Self.fullRecord.fields ?? [:])
        var spliced = Self.fullRecord
        spliced.fields = nil
        spliced.encodedFields = fieldsWriter.bytes
        #expect(try written(spliced, numbersAsStrings: false) == written(Self.fullRecord, numbersAsStrings: false))
    }
}
