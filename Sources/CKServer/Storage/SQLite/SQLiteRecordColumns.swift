import GRDBSQLite

/// The row of a statement selecting `SQLiteStorage.recordColumns`, read in place through SQLite's C API.
struct SQLiteRecordColumns: StoredRecordColumns {
    let columns: SQLiteColumns

    func withText<Result>(_ column: RecordRowColumn, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        let statement = columns.statement
        guard let text = sqlite3_column_text(statement, column.rawValue) else { return try body(nil) }
        return try body(UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column.rawValue))))
    }

    func integer(_ column: RecordRowColumn) -> Int64 {
        columns.int64(column.rawValue)
    }
}
