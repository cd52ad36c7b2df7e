import CKModel
import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("WAL checkpoints", .heavy)
struct WALCheckpointTests {
    let zone = ZoneKey(
        container: ContainerID(rawValue: "iCloud.com.example.Party")!, environment: .development, database: .private,
        ownerRecordName: "_owner", zoneName: "Work")

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test("writes reach the database file while the server runs, not only when it closes")
    func backgroundCheckpoint() async throws {
        let temporary = try await TemporaryStorage(engine: .sqlite)
        let storage = temporary.storage
        try await ContainerService(storage: storage).create(zone.container)
        _ = try await storage.createZone(zone)
        let path = temporary.configuration.databaseURL.path
        let sizeBefore = Self.fileSize(path)
        // 12 MB of records: three times the log size that wakes the checkpointer.
        let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: "iCloud")
        let payload = String(repeating: "x", count: 100_000)
        for batch in 0..<12 {
            let writes = (0..<10).map { index in
                RecordWrite.insert(
                    StoredRecord(
                        recordName: "r-\(batch)-\(index)", recordType: "Note", changeTag: "", fields: ["text": .string(payload)],
                        created: stamp, modified: stamp),
                    RecordIndexes())
            }
            _ = try await storage.apply(writes, in: zone, atomic: false)
        }
        var copied = false
        for _ in 0..<100 where !copied {
            copied = Self.fileSize(path) > sizeBefore + 4_000_000
            if !copied { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(copied, "no checkpoint copied the log into the database file")
        #expect(try await storage.records(named: ["r-0-0", "r-11-9"], in: zone).count == 2)
    }
}
