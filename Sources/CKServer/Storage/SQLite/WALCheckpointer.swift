import Foundation
import GRDB
import GRDBSQLite

/// Copies the write-ahead log back into the database file in the background, off the write path.
///
/// SQLite's default does it inside the commit that makes the log reach 1000 pages, so one request in
/// twenty of a bulk import paid for everyone's pages. Here that commit only signals, and a connection
/// of the checkpointer's own runs a PASSIVE checkpoint on another thread (it never blocks the writer or
/// readers). Should writes outrun it and the log reach `inlinePages`, the committing writer checkpoints
/// itself, as SQLite would, so the log stays bounded.
final class WALCheckpointer: Sendable {
    /// The log size, in pages, that wakes the background checkpoint (SQLite's own threshold). Four times as many
    /// made single-record saves a little cheaper but the request log's appends dearer (modify with the log on
    /// fell to 0.85–0.95 of it off, from 0.99), so it stays at SQLite's.
    static let backgroundPages: Int32 = 1000
    /// The log size, in pages, past which the writer checkpoints itself.
    static let inlinePages: Int32 = 16000

    private let wakeUp: AsyncStream<Void>.Continuation

    /// A checkpointer for the database file at `path`; it opens its connection when first woken.
    init(path: String) {
        let (signals, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wakeUp = wakeUp
        Task.detached(priority: .utility) {
            var connection: DatabaseQueue?
            for await _ in signals {
                // A failed checkpoint is retried when the next commit signals; the log itself is intact.
                connection = connection ?? (try? DatabaseQueue(path: path))
                _ = try? await connection?.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            }
        }
    }

    deinit {
        wakeUp.finish()
    }

    /// Takes over the automatic checkpoints of the writer connection `db`. The connection's pool must keep
    /// this checkpointer alive (its `prepareDatabase` closure holds it), since SQLite keeps only a pointer.
    func takeOver(_ db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, { context, connection, name, pages in
            if pages >= WALCheckpointer.inlinePages {
                sqlite3_wal_checkpoint(connection, name)
            } else if pages >= WALCheckpointer.backgroundPages, let context {
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().wakeUp.yield()
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
