import CKModel
import Foundation
import GRDB
import Testing

@testable import CKServer

/// A database whose web auth tokens were rotated under the earlier layout (a row per token, the rotated one
/// keeping its successor sealed) keeps every live token working after the migration to one row per sign-in.
@Suite("Web auth token sign-ins: the migration to one row")
struct SignInMigrationTests {
    @Test("a rotated token becomes the previous token of its sign-in's current one, and a sign-in never rotated stays as it was")
    func migratesRotatedSignIns() async throws {
        let queue = try DatabaseQueue()
        try SQLiteStorage.migrator.migrate(queue, upTo: "push token activity and pruned notifications")
        let now = Date().timeIntervalSince1970
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO containers (id, developer_record_name, created_at) VALUES ('iCloud.a', '_d', 0)")
            let insert = """
                INSERT INTO credentials (secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at,
                    sign_in, sealed_successor)
                VALUES (?, 'webAuthToken', 'l', 'iCloud.a', '_u', 0, 0, ?, ?, ?)
                """
            // Sign-in "first": its first token rotated to "current", which holds the sign-in's name.
            try db.execute(sql: insert, arguments: ["first", now + 600, nil, Data([1, 2, 3])])
            try db.execute(sql: insert, arguments: ["current", now + 86_400, "first", nil])
            // Sign-in "alone": never rotated.
            try db.execute(sql: insert, arguments: ["alone", now + 86_400, nil, nil])
        }
        let storage = try SQLiteStorage(writer: queue, filesDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)"))
        let at = Date()
        let current = try #require(try await storage.webAuthToken(presentedHash: "current", now: at))
        #expect(current.sealedSuccessor == nil)
        let previous = try #require(try await storage.webAuthToken(presentedHash: "first", now: at))
        #expect(previous.sealedSuccessor == Data([1, 2, 3]))
        #expect(previous.signIn.secretHash == "current")
        #expect(try await storage.webAuthToken(presentedHash: "alone", now: at)?.sealedSuccessor == nil)
        #expect(try await storage.credentials(of: .webAuthToken, container: nil).map(\.secretHash).sorted() == ["alone", "current"])
        // The previous token stops with its grace period.
        #expect(try await storage.webAuthToken(presentedHash: "first", now: at.addingTimeInterval(700)) == nil)
    }
}
