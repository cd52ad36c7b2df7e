import GRDB

extension Database {
    /// Runs a statement compiled once per connection and reused: the hot write paths run the same few
    /// statements for every record, and compiling them each time would cost more than running them.
    func executeCached(sql: String, arguments: StatementArguments) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
