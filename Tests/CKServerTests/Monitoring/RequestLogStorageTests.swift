import CKModel
@testable import CKServer
import Foundation
import GRDB
import Testing

@Suite("request log storage: in order, read both ways, pruned by age and by size")
struct RequestLogStorageTests {
    private static let container = ContainerID(rawValue: "iCloud.com.example.Log")!

    private static func entry(_ index: Int, at timestamp: Int64, container: ContainerID = container) -> RequestLogEntry {
        RequestLogEntry(timestamp: timestamp, requestID: "request-\(index)", containerID: container, operation: "records/query", status: 200)
    }

    @Test("entries keep their order, are read newest first or after a sequence number, and by container and time", arguments: TemporaryStorage.engines)
    func order(engine: StorageEngine) async throws {
        let storage = try await TemporaryStorage(engine: engine).storage
        let other = ContainerID(rawValue: "iCloud.com.example.Other")!
        try await storage.appendRequestLog((0..<5).map { Self.entry($0, at: 1_000 + Int64($0)) })
        try await storage.appendRequestLog([Self.entry(5, at: 1_005, container: other)])
        let newest = try await storage.requestLogEntries(in: RequestLogRange(container: Self.container, direction: .before(nil)), limit: 3)
        #expect(newest.map(\.requestID) == ["request-4", "request-3", "request-2"])
        #expect(newest[0].operation == "records/query" && newest[0].containerID == Self.container)
        let after = try await storage.requestLogEntries(in: RequestLogRange(container: nil, direction: .after(newest[1].sequence)), limit: 10)
        #expect(after.map(\.requestID) == ["request-4", "request-5"])
        let window = try await storage.requestLogEntries(in: RequestLogRange(container: nil, since: 1_001, until: 1_003, direction: .before(nil)), limit: 10)
        #expect(window.map(\.requestID) == ["request-2", "request-1"])
    }

    @Test("pruning deletes entries older than the retention and beyond the capacity, the oldest first", arguments: TemporaryStorage.engines)
    func pruning(engine: StorageEngine) async throws {
        let storage = try await TemporaryStorage(engine: engine).storage
        try await storage.appendRequestLog((0..<10).map { Self.entry($0, at: 1_000 + Int64($0)) })
        #expect(try await storage.pruneRequestLog(before: 1_003, capacity: 100) == 3)
        #expect(try await storage.pruneRequestLog(before: 0, capacity: 4) == 3)
        let left = try await storage.requestLogEntries(in: RequestLogRange(container: nil, direction: .after(0)), limit: 100)
        #expect(left.map(\.requestID) == ["request-6", "request-7", "request-8", "request-9"])
        #expect(try await storage.pruneRequestLog(before: 0, capacity: 4) == 0)
    }

    @Test("pruning by size finds where to cut without reading the log: its plan scans no table")
    func pruningReadsLittle() async throws {
        let storage = try await TemporaryStorage(engine: .sqlite).storage
        let sqlite = try #require(storage as? SQLiteStorage)
        let plan = try await sqlite.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteStorage.pruneBeyondCapacity, arguments: [10]).map { $0["detail"] as String }
                .joined(separator: "\n")
        }
        #expect(!plan.isEmpty && !plan.contains("SCAN"), "\(plan)")
    }

    @Test("the writer stores queued entries in order when flushed, and drops past its backlog without growing")
    func writer() async throws {
        let storage = try await TemporaryStorage().storage
        let writer = RequestLogWriter(storage: storage, retention: .seconds(3600), capacity: 1_000_000, keepsTelemetry: false)
        for index in 0..<(RequestLogWriter.backlog + 10) {
            writer.record(Self.entry(index, at: 5_000))
        }
        await writer.flush()
        let stored = try await storage.requestLogEntries(in: RequestLogRange(container: nil, direction: .after(0)), limit: 3)
        #expect(stored.map(\.requestID) == ["request-0", "request-1", "request-2"])
        let last = try await storage.requestLogEntries(in: RequestLogRange(container: nil, direction: .before(nil)), limit: 1)
        #expect(last.first?.requestID == "request-\(RequestLogWriter.backlog - 1)")
        await writer.prune(now: Date(timeIntervalSince1970: 3_600 + 6))
        #expect(try await storage.requestLogEntries(in: RequestLogRange(container: nil, direction: .before(nil)), limit: 1).isEmpty)
    }

    @Test("an entry keeps the first ten record names a request named, each once")
    func recordNamesCapped() {
        var details = RequestLogNote.Details()
        for index in 0..<15 { details.name("r\(index)") }
        details.name("r0")
        details.name(nil)
        #expect(details.recordNames == (0..<RequestLogEntry.recordNameLimit).map { "r\($0)" })
    }
}
