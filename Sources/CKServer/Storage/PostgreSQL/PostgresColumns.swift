import PostgresNIO

/// A run of a row's columns read by position from `start`: the columns of one table in a statement that joins
/// several (a request's container, credential, sign-in and user in one round trip), or a whole row.
struct PostgresColumns {
    private let row: PostgresRandomAccessRow
    private let start: Int

    /// The columns of `row`.
    init(_ row: PostgresRow) {
        self.init(row.makeRandomAccess(), from: 0)
    }

    private init(_ row: PostgresRandomAccessRow, from start: Int) {
        self.row = row
        self.start = start
    }

    /// The columns after the first `count` of this run: the next table's in a statement that joins several.
    func advanced(by count: Int) -> PostgresColumns {
        PostgresColumns(row, from: start + count)
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
