import CKModel
import Foundation
import Testing

@Suite("A request log entry written as JSON")
struct RequestLogEntryWritingTests {
    private static let full = RequestLogEntry(
        sequence: 7, timestamp: 1_764_000_000_123, requestID: "req-1", containerID: ContainerID(rawValue: "iCloud.com.example.Party")!,
        environment: .production, database: .private, operation: "records/modify", zones: ["_defaultZone", "Na\"me\\s"],
        operationCounts: ["create": 2, "delete": 1], recordTypes: ["Note", "Tägs 🎉"], recordsRead: 3, recordsWritten: 4, caller: .user,
        userID: "_abc", platform: "iOS", client: "ckdash/1.0", status: 400, serverErrorCode: "BAD_REQUEST", reason: "line\nbreak\ttab",
        itemErrors: ["CONFLICT": 2], latencyMicroseconds: 1234, bytesIn: 56, bytesOut: 789)

    @Test("reads back as the same entry, every member given or left out, as Codable's own JSON does", arguments: [
        full,
        RequestLogEntry(timestamp: 1, requestID: "r", containerID: ContainerID(rawValue: "iCloud.x")!, operation: "zones/list", status: 200),
    ])
    func roundTrip(entry: RequestLogEntry) throws {
        var writer = JSONWriter()
        entry.write(to: &writer, numbersAsStrings: false)
        #expect(try JSONDecoder().decode(RequestLogEntry.self, from: Data(writer.bytes)) == entry)
        let written = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? NSDictionary
        #expect(written?.isEqual(try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry))) == true)
    }
}
