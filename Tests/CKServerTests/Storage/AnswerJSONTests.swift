import CKModel
import CKTestSupport
import Foundation
import Testing

@testable import CKServer

/// The answers the server writes as it reads (query, lookup, change feeds) say what the protocol's own response
/// types say through `Codable`: the same members, a failed item or zone as CloudKit's error.
@Suite("Answers written as read match the protocol's responses")
struct AnswerJSONTests {
    private static let record = Record(
        recordName: "n1", recordType: "Note", recordChangeTag: "1-2", fields: ["title": .string("a \"b\"")],
        created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_u"),
        modified: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 2), userRecordName: "_u"), deleted: false,
        zoneID: ZoneID(zoneName: "Z", ownerRecordName: "_u", zoneType: .regularCustomZone))

    /// `items` written as an answer writes its records.
    private static func written(_ items: [ItemResult<Record>], types: Set<String> = ["Note"]) -> WrittenRecords {
        var writer = JSONWriter()
        writer.beginArray()
        items.forEach { $0.write(to: &writer, numbersAsStrings: false) }
        writer.endArray()
        return WrittenRecords(json: writer.bytes, count: items.count, recordTypes: types)
    }

    private static func sameJSON(_ answer: some JSONWritable & Encodable) throws -> Bool {
        var writer = JSONWriter()
        answer.write(to: &writer, numbersAsStrings: false)
        // Compared inside an array: on Linux an NSDictionary holding a Bool at its top is never equal to another.
        let written = [try JSONSerialization.jsonObject(with: Data(writer.bytes))] as NSArray
        return written.isEqual([try JSONSerialization.jsonObject(with: JSONEncoder().encode(answer))])
    }

    @Test("records/query and records/lookup, with a failed item and with none")
    func records() throws {
        let failed = ItemResult<Record>.failure(ServerError(.notFound, reason: "gone", recordName: "n2"))
        #expect(try Self.sameJSON(RecordsAnswer(records: Self.written([.success(Self.record), failed]), continuationMarker: "m")))
        #expect(try Self.sameJSON(RecordsAnswer(records: Self.written([]))))
    }

    @Test("changes/zone with a page and a failed zone, and records/changes")
    func changes() throws {
        let tombstone = Record(recordName: "n0", recordType: "Note", deleted: true, zoneID: Self.record.zoneID)
        let page = ChangesPage(
            zoneID: ZoneID(zoneName: "Z", ownerRecordName: "_u", zoneType: .regularCustomZone),
            records: Self.written([.success(Self.record), .success(tombstone)]), syncToken: "t", moreComing: true)
        #expect(try Self.sameJSON(ZoneChangesAnswer(zones: [.success(page), .failure(ServerError(.zoneNotFound, reason: "no", zoneID: ZoneID(zoneName: "Y")))])))
        #expect(try Self.sameJSON(RecordChangesAnswer(page: page)))
    }
}
