import CKModel
import Foundation

/// Encoding and decoding a full page of records, the unit every query and change feed moves.
enum WireModelBenchmarks {
    /// A `records/query` response of `count` records with one field of each common type.
    static func page(of count: Int) -> RecordsQuery.Response {
        let records = (0..<count).map { index in
            ItemResult.success(Record(
                recordName: "record-\(index)", recordType: "Party", recordChangeTag: "t\(index)",
                fields: [
                    "title": .string("Party number \(index)"),
                    "guests": .int64(Int64(index)),
                    "budget": .double(Double(index) * 1.5),
                    "date": .timestamp(Timestamp(millisecondsSince1970: 1_700_000_000_000 + Int64(index))),
                    "host": .reference(Reference(recordName: "host-\(index % 10)", action: ReferenceAction.none)),
                    "place": .location(Location(latitude: 48.85, longitude: 2.35)),
                    "tags": .list(.string(["a", "b", "c"])),
                ],
                created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_u", deviceID: "iCloud"),
                modified: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 2), userRecordName: "_u", deviceID: "iCloud")))
        }
        return RecordsQuery.Response(records: records, continuationMarker: "next")
    }

    /// A `records/modify` request creating `count` records, as `ckbench server` sends them.
    static func modifyRequest(of count: Int) -> RecordsModify.Request {
        RecordsModify.Request(operations: (0..<count).map { index in
            RecordOperation(.create, Record(recordName: "party-\(index)", recordType: "Party", fields: ServerBenchmark.fields(index)))
        })
    }

    static var all: [Benchmark] {
        let count = 200
        let response = page(of: count)
        let data = (try? JSONEncoder().encode(response)) ?? Data()
        let request = (try? JSONEncoder().encode(modifyRequest(of: count))) ?? Data()
        return [
            Benchmark(name: "records page encode", unit: "records", unitsPerRun: count) {
                _ = try JSONEncoder().encode(response)
            },
            Benchmark(name: "records page decode", unit: "records", unitsPerRun: count) {
                _ = try JSONValueDecoder().decode(RecordsQuery.Response.self, from: data)
            },
            Benchmark(name: "records page decode, JSONDecoder", unit: "records", unitsPerRun: count) {
                _ = try JSONDecoder().decode(RecordsQuery.Response.self, from: data)
            },
            Benchmark(name: "modify request decode", unit: "records", unitsPerRun: count) {
                _ = try JSONValueDecoder().decode(RecordsModify.Request.self, from: request)
            },
            Benchmark(name: "modify request decode, JSONDecoder", unit: "records", unitsPerRun: count) {
                _ = try JSONDecoder().decode(RecordsModify.Request.self, from: request)
            },
        ]
    }
}
