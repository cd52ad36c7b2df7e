import Foundation
import GRDB
import GRDBSQLite

/// The columns of the row a statement stands on, read straight through SQLite's C API: answers read thousands of
/// rows a second, and GRDB's generic `Row` decoding cost more than the rest of reading them.
struct SQLiteColumns {
    let statement: SQLiteStatement

    /// Whether the column holds NULL.
    func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// The column's UTF-8 bytes (empty for NULL).
    func bytes(_ index: Int32) -> [UInt8] {
        guard let text = sqlite3_column_text(statement, index) else { return [] }
        return Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index))))
    }

    /// The column as text (empty for NULL).
    func text(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
    }

    /// The column as text, `nil` for NULL.
    func optionalText(_ index: Int32) -> String? {
        isNull(index) ? nil : text(index)
    }

    /// The column as an integer.
    func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// The column as a number with a fraction.
    func double(_ index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }

    /// The column as a number with a fraction, `nil` for NULL.
    func optionalDouble(_ index: Int32) -> Double? {
        isNull(index) ? nil : double(index)
    }

    /// The column (an integer) as a truth value.
    func bool(_ index: Int32) -> Bool {
        int64(index) != 0
    }

    /// The column's bytes as `Data`, `nil` for NULL.
    func optionalData(_ index: Int32) -> Data? {
        guard !isNull(index) else { return nil }
        guard let blob = sqlite3_column_blob(statement, index) else { return Data() }
        return Data(bytes: blob, count: Int(sqlite3_column_bytes(statement, index)))
    }
}

extension Database {
    /// Runs a statement compiled once per connection with `values` bound to its parameters in order, and hands
    /// each row's columns to `body`.
    func forEachRowCached(sql: String, binding values: [any SQLiteBindable], _ body: (SQLiteColumns) throws -> Void) throws {
        let statement = try cachedStatement(sql: sql)
        statement.setUncheckedArguments(StatementArguments())
        let pointer = statement.sqliteStatement
        defer { sqlite3_reset(pointer) }
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: pointer, at: Int32(offset + 1))
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not bind parameter \(offset + 1)", sql: sql)
            }
        }
        while true {
            let code = sqlite3_step(pointer)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)), sql: sql)
            }
            try body(SQLiteColumns(statement: pointer))
        }
    }

    /// The rows a statement compiled once per connection reads with `values` bound, each made into a value by
    /// `make` (rows it makes `nil` of left out).
    func fetchAllCached<Value>(sql: String, binding values: [any SQLiteBindable], _ make: (SQLiteColumns) throws -> Value?) throws -> [Value] {
        var made: [Value] = []
        try forEachRowCached(sql: sql, binding: values) { columns in
            if let value = try make(columns) {
                made.append(value)
            }
        }
        return made
    }

    /// The first row of `fetchAllCached`, or `nil`.
    func fetchFirstCached<Value>(sql: String, binding values: [any SQLiteBindable], _ make: (SQLiteColumns) throws -> Value?) throws -> Value? {
        var made: Value?
        try forEachRowCached(sql: sql, binding: values) { columns in
            if made == nil {
                made = try make(columns)
            }
        }
        return made
    }
}
