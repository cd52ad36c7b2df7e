import GRDB

extension Database {
    /// Runs `body` in a write transaction begun and ended by statements compiled once per connection, as GRDB's
    /// `inTransaction` does with statements compiled at every call (about 2% of a single-record save): commits
    /// or rolls back as `body` says, and rolls back when it throws. Like GRDB's, the transaction takes the write
    /// lock at once (`IMMEDIATE`), waiting for another process's write to end, rather than failing when it first
    /// writes after that process committed.
    func inCachedTransaction(_ body: () throws -> TransactionCompletion) throws {
        try cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        let completion: TransactionCompletion
        do {
            completion = try body()
        } catch {
            try? rollBackIfInTransaction()
            throw error
        }
        switch completion {
        case .commit:
            do {
                try cachedStatement(sql: "COMMIT TRANSACTION").execute()
            } catch {
                try? rollBackIfInTransaction()
                throw error
            }
        case .rollback:
            try rollBackIfInTransaction()
        }
    }

    /// Rolls back the transaction under way, if SQLite has not already (a failed statement may have).
    func rollBackIfInTransaction() throws {
        guard isInsideTransaction else { return }
        try cachedStatement(sql: "ROLLBACK TRANSACTION").execute()
    }
}
