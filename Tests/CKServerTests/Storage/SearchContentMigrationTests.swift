import CKModel
import Foundation
import GRDB
import Testing

@testable import CKServer

/// An SQLite database whose full-text index kept texts as written is found by searches that fold as CloudKit's
/// do (ß to ss, ligatures to their letters) after the migration to folded tokens.
@Suite("Full-text index: the migration to folded tokens")
struct SearchContentMigrationTests {
    @Test("texts indexed as written are found by their folded tokens after the migration, and only their own record is")
    func foldsIndexedTexts() async throws {
        let queue = try DatabaseQueue()
        try SQLiteStorage.migrator.migrate(queue, upTo: "container versions")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO containers (id, developer_record_name, created_at) VALUES ('iCloud.a', '_d', 0)")
            try db.execute(sql: """
                INSERT INTO zones (id, container_id, environment, database_scope, owner_record_name, zone_name)
                VALUES (1, 'iCloud.a', 'development', 'public', '_d', '_defaultZone')
                """)
            for (index, text) in ["Straße und Fußgänger", "ﬁsh and chips", "Café"].enumerated() {
                try db.execute(sql: "INSERT INTO search_rows (id, zone_id, record_type, field_name, record_name) VALUES (?, 1, 'Note', 'text', ?)", arguments: [index + 1, "n\(index)"])
                try db.execute(sql: "INSERT INTO record_search (rowid, content) VALUES (?, ?)", arguments: [index + 1, text])
            }
        }
        let storage = try SQLiteStorage(writer: queue, filesDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)"))
        let zone = ZoneKey(container: ContainerID(rawValue: "iCloud.a")!, environment: .development, database: .public, ownerRecordName: "_d", zoneName: "_defaultZone")
        func found(_ text: String) async throws -> [String] {
            try await storage.search(TextTokens.tokens(text), matchAll: true, recordType: "Note", fieldName: "text", in: zone, after: nil, limit: 10)
        }
        #expect(try await found("strasse fussganger") == ["n0"])
        #expect(try await found("fish") == ["n1"])
        #expect(try await found("cafe") == ["n2"])
    }
}
