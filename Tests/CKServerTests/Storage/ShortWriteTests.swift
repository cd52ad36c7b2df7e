@testable import CKServer
import CKModel
import Foundation
import NIOConcurrencyHelpers
import Testing

@Suite("Short writes on the calling thread")
struct ShortWriteTests {
    /// One thread: a task that blocked it would hold up every other task sent to it.
    @available(macOS 15.0, *)
    static let oneThread = ServerExecutor(threads: 1)

    let zone = ZoneKey(
        container: ContainerID(rawValue: "iCloud.com.example.Party")!, environment: .development, database: .private,
        ownerRecordName: "_owner", zoneName: "Work")

    @Test("a single-record save behind a long write waits for it without holding its thread")
    func saveBehindLongWrite() async throws {
        guard #available(macOS 15.0, *) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteStorage(path: folder.appendingPathComponent("ckserver.sqlite").path)
        try await ContainerService(storage: storage).create(zone.container)
        _ = try await storage.createZone(zone)

        // A write that holds the writer until released, as a reindex or an import holds it for seconds.
        let release = DispatchSemaphore(value: 0)
        let longWrite = Task { try await storage.write { _ in release.wait() } }
        while storage.writesUnderWay.isNone {
            try await Task.sleep(for: .milliseconds(5))
        }
        // The save and then the release on one thread: a save that blocked it would leave the release to the
        // fallback, ten seconds later.
        let releasedBy = NIOLockedValueBox<String?>(nil)
        let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: "iCloud")
        let record = StoredRecord(
            recordName: "note-1", recordType: "Note", changeTag: "", fields: ["text": .string("saved")], created: stamp, modified: stamp)
        let save = Task(executorPreference: Self.oneThread) {
            try await storage.apply([.insert(record, RecordIndexes())], in: zone, atomic: false)
        }
        let releaser = Task(executorPreference: Self.oneThread) {
            releasedBy.withLockedValue { $0 = $0 ?? "the save's thread" }
            release.signal()
        }
        let fallback = Task {
            try await Task.sleep(for: .seconds(10))
            let first = releasedBy.withLockedValue { who -> Bool in
                guard who == nil else { return false }
                who = "the fallback"
                return true
            }
            if first { release.signal() }
        }
        let outcomes = try await save.value
        await releaser.value
        try await longWrite.value
        fallback.cancel()
        #expect(releasedBy.withLockedValue { $0 } == "the save's thread")
        #expect(outcomes.count == 1)
        #expect(try await storage.records(named: ["note-1"], in: zone)["note-1"]?.fields["text"] == .string("saved"))
        #expect(storage.writesUnderWay.isNone)
    }

    @Test("two storages on one database file, as two processes, save at once without finding it locked")
    func twoWritersOnOneFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ckserver.sqlite").path
        let first = try SQLiteStorage(path: path)
        let second = try SQLiteStorage(path: path)
        try await ContainerService(storage: first).create(zone.container)
        _ = try await first.createZone(zone)
        let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: "iCloud")
        let saves = 300
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for (writer, storage) in [first, second].enumerated() {
                group.addTask {
                    try await Task.detached {
                        var failed = 0
                        for index in 0..<saves {
                            let record = StoredRecord(
                                recordName: "note-\(writer)-\(index)", recordType: "Note", changeTag: "", fields: ["n": .int64(Int64(index))],
                                created: stamp, modified: stamp)
                            let outcomes = try await storage.apply([.insert(record, RecordIndexes())], in: zone, atomic: false)
                            if case .failure = outcomes[0] { failed += 1 }
                        }
                        return failed
                    }.value
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
