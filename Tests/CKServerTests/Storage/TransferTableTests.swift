import GRDB
import Testing

@testable import CKServer

/// What `ckserver migrate` copies keeps up with the tables: a column added by a migration and forgotten in
/// `TransferTable` would be lost in every move between engines.
@Suite("Moving between engines: the tables copied")
struct TransferTableTests {
    @Test("every column of every table copied, as the latest SQLite migration leaves it, is copied")
    func everyColumnCopied() throws {
        let queue = try DatabaseQueue()
        try SQLiteStorage.migrator.migrate(queue)
        try queue.read { db in
            for table in TransferTable.all {
                let columns = try Set(String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table.name]))
                #expect(columns == Set(table.columns.map(\.name)), "\(table.name)")
            }
        }
    }
}
