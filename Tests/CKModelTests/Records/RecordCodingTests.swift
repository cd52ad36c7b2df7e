import CKModel
import Foundation
import Testing

@Suite("Records and record operations on the wire")
struct RecordCodingTests {
    @Test("a real modify response decodes: system fields, zone, lenient tags, deletions and per-record errors")
    func modifyResponse() throws {
        let response = try JSONDecoder().decode(RecordsModify.Response.self, from: fixture("records-modify-response.json"))
        try #require(response.records.count == 4)

        let record = try response.records[0].result.get()
        #expect(record.recordName == "EA15DF64-62FD-4733-A115-452A6D1D6AAF")
        #expect(record.recordType == "SharedShortcut")
        #expect(record.recordChangeTag == "jnm8rnmw")
        #expect(record.deleted == false)
        #expect(record.created?.timestamp.millisecondsSince1970 == 1_540_330_094_701)
        #expect(record.created?.userRecordName == "_264f0b8e3c6c4f1a9b7e2d5c8a1f3e6d")
        #expect(record.modified?.deviceID == "9AB")
        #expect(record.zoneID == ZoneID(zoneName: "_defaultZone", ownerRecordName: "_264f0b8e3c6c4f1a9b7e2d5c8a1f3e6d", zoneType: .defaultZone))
        #expect(record.fields?["icon_glyph"] == .int64(59412))
        #expect(record.fields?["icon"] == .asset(Asset(fileChecksum: "AXk", size: 1200, downloadURL: "https://cvws.icloud-content.com/B/abc/${f}?o=1")))
        #expect(record.fields?["tags"] == .list(.string(["a", "b"])))

        #expect(try response.records[1].result.get() == Record(recordName: "old-1", deleted: true))

        guard case .failure(let denied) = response.records[2] else {
            Issue.record("expected an error entry")
            return
        }
        #expect(denied.serverErrorCode == .accessDenied)
        #expect(denied.recordName == "x")
        #expect(denied.reason == "Operation not permitted")
        guard case .failure(let conflict) = response.records[3] else {
            Issue.record("expected an error entry")
            return
        }
        #expect(conflict.serverErrorCode == .conflict)
        #expect(conflict.uuid == "4f02f7aa-fbb5-4cf8ae8e-4dd463793841")
    }

    @Test("a record encodes only the keys it has, and decodes back equal")
    func recordRoundTrip() throws {
        let record = Record(
            recordName: "101", recordType: "Artwork", recordChangeTag: "e",
            fields: ["title": .string("Starry"), "width": .int64(18)],
            created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_u", deviceID: "iCloud"),
            parent: Reference(recordName: "folder"), zoneID: ZoneID(zoneName: "Art", ownerRecordName: "_u"))
        let object = try jsonObject(record)
        #expect(Set(object.allKeys as? [String] ?? []) == ["recordName", "recordType", "recordChangeTag", "fields", "created", "parent", "zoneID"])
        #expect((object["zoneID"] as? NSDictionary)?["ownerRecordName"] as? String == "_u")
        let data = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(Record.self, from: data) == record)
    }

    @Test("a zone ID reads ownerName as well as ownerRecordName, writes ownerRecordName, and defaults the name")
    func zoneIDOwnerKeys() throws {
        #expect(try decode(ZoneID.self, #"{"zoneName":"Z","ownerName":"_o"}"#) == ZoneID(zoneName: "Z", ownerRecordName: "_o"))
        #expect(try decode(ZoneID.self, #"{"zoneName":"Z","ownerRecordName":"_o"}"#).ownerRecordName == "_o")
        #expect(try decode(ZoneID.self, #"{}"#) == .defaultZone)
        let object = try jsonObject(ZoneID(zoneName: "Z", ownerRecordName: "_o"))
        #expect(object["ownerRecordName"] as? String == "_o")
        #expect(object["ownerName"] == nil)
        let zone = try decode(Zone.self, #"{"zoneID":{"zoneName":"Z","zoneType":"REGULAR_CUSTOM_ZONE"},"syncToken":"AQ","atomic":true}"#)
        #expect(zone == Zone(zoneID: ZoneID(zoneName: "Z", zoneType: .regularCustomZone), syncToken: "AQ", atomic: true))
    }

    @Test("the reference's modify request decodes, including untagged values")
    func modifyRequest() throws {
        let request = try JSONDecoder().decode(RecordsModify.Request.self, from: fixture("records-modify-request.json"))
        #expect(request.operations.map(\.operationType) == [.create, .update, .forceDelete])
        #expect(request.operations[0].record.fields?["firstName"] == .string("Mei"))
        #expect(request.operations[1].record.fields?["width"] == .int64(18))
        #expect(request.operations[1].desiredKeys == [])
        #expect(request.zoneID?.zoneName == "myCustomZone")
        #expect(request.atomic == true)
        #expect(request.numbersAsStrings == false)
    }

    @Test("all seven operation types round-trip", arguments: RecordOperation.OperationType.allCases)
    func operationTypes(type: RecordOperation.OperationType) throws {
        let operation = RecordOperation(type, Record(recordName: "r", recordType: "T"))
        let object = try jsonObject(operation)
        #expect(object["operationType"] as? String == type.rawValue)
        #expect(try JSONDecoder().decode(RecordOperation.self, from: JSONEncoder().encode(operation)) == operation)
    }

    @Test("operation types know which need a change tag and which create missing records")
    func operationSemantics() {
        let checking = RecordOperation.OperationType.allCases.filter(\.checksChangeTag)
        #expect(checking == [.update, .replace, .delete])
        let creating = RecordOperation.OperationType.allCases.filter(\.createsMissingRecord)
        #expect(creating == [.create, .forceUpdate, .forceReplace])
    }

    @Test("numberAsStrings (as spelled on the changes page) is read as numbersAsStrings")
    func numberAsStringsSpelling() throws {
        let request = try decode(RecordsLookup.Request.self, #"{"records":[{"recordName":"a","desiredKeys":["x"]}],"numberAsStrings":true}"#)
        #expect(request.numbersAsStrings == true)
        #expect(request.records == [RecordsLookup.Item(recordName: "a", desiredKeys: ["x"])])
        #expect(try jsonObject(request)["numbersAsStrings"] as? Bool == true)
    }
}
