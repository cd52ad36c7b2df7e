@testable import CKServer
import Foundation
import GRDB
import NIOConcurrencyHelpers
import Testing

@Suite("Reads on the calling thread through SQLite's read-only connections")
struct SQLiteReadersTests {
    struct Stop: Error {}

    /// A storage in a new folder with a table `t` of the numbers 1 to `rows`; removed when `body` returns.
    private func withStorage(rows: Int, _ body: (SQLiteStorage) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteStorage(path: folder.appendingPathComponent("ckserver.sqlite").path)
        try await storage.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            for x in 1...rows { try db.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [x]) }
        }
        try await body(storage)
    }

    private func count(_ storage: SQLiteStorage) throws -> Int {
        try storage.readNow { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") ?? 0 }
    }

    @Test("a read sees every write committed before it, also after a read that failed half-way through its rows")
    func freshAfterFailure() async throws {
        try await withStorage(rows: 3) { storage in
            #expect(storage.readers != nil)
            #expect(try count(storage) == 3)
            #expect(throws: Stop.self) {
                try storage.readNow { db in
                    let rows = try Int.fetchCursor(db, sql: "SELECT x FROM t ORDER BY x")
                    _ = try rows.next()
                    throw Stop()
                }
            }
            try await storage.write { db in try db.execute(sql: "INSERT INTO t (x) VALUES (4)") }
            #expect(try count(storage) == 4)
            #expect(try #require(storage.readers).counts == (1, 1), "one connection served every read, one after the other")
        }
    }

    @Test("more reads at once than there are connections all read, the rest through the pool")
    func moreReadsThanConnections() async throws {
        try await withStorage(rows: 5) { storage in
            let reads = SQLiteReaders.capacity * 3
            let counts = NIOLockedValueBox<[Int]>([])
            let done = DispatchGroup()
            // Threads of their own, so that the reads overlap however few cores the machine has.
            for _ in 0..<reads {
                done.enter()
                Thread {
                    let read = try? storage.readNow { db in
                        Thread.sleep(forTimeInterval: 0.05)
                        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") ?? 0
                    }
                    counts.withLockedValue { $0.append(read ?? -1) }
                    done.leave()
                }.start()
            }
            await withCheckedContinuation { finished in done.notify(queue: .global()) { finished.resume() } }
            #expect(counts.withLockedValue { $0 } == Array(repeating: 5, count: reads))
            // The reads used the connections, never more than their capacity, and gave every one of them back.
            let (opened, idle) = try #require(storage.readers).counts
            #expect(opened > 1 && opened <= SQLiteReaders.capacity && idle == opened, "\(opened) opened, \(idle) idle")
        }
    }
}
