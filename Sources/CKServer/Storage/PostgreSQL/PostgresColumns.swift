import PostgresNIO

/// A run of a row's columns read by position from `start`: the columns of one table in a statement that joins
/// several (a request's container, credential, sign-in and user in one round trip), or a whole row.
struct PostgresColumns {
    private let row: PostgresRandomAccessRow
    private let start: Int

    /// The columns of `row` from `start` on.
    init(_ row: PostgresRow, from start: Int = 0) {
        self.row = row.makeRandomAccess()
        self.start = start
    }

    /// The value of column `index` of the run.
    func decode<Value: PostgresDecodable>(_ index: Int, as type: Value.Type = Value.self) throws -> Value {
        try row[start + index].decode(Value.self)
    }

    /// Whether column `index` of the run is NULL: for the first column of a table, that an outer join found no row.
    func isNull(_ index: Int) -> Bool {
        row[start + index].bytes == nil
    }
}
