import Foundation
import GRDB
import GRDBSQLite

/// A value bound to a statement parameter straight through SQLite's C API.
///
/// The write path binds a dozen values per record; going through `StatementArguments` boxed each one
/// and checked the whole list again for every statement.
protocol SQLiteBindable {
    /// Binds the value to parameter `index` (from 1) and returns SQLite's result code.
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32
}

/// Tells SQLite to copy text and blobs, which Swift may move or free once the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension String: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            // SQLite binds NULL for a null pointer: empty text must stay empty text.
            guard let start = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, transient) }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                sqlite3_bind_text(statement, index, text, Int32(bytes.count), transient)
            }
        }
    }
}

extension Int64: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Double: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }
}

extension Bool: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

extension DatabaseValue: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
        switch storage {
        case .null: sqlite3_bind_null(statement, index)
        case .int64(let number): number.bind(to: statement, at: index)
        case .double(let number): number.bind(to: statement, at: index)
        case .string(let text): text.bind(to: statement, at: index)
        case .blob(let data):
            data.withUnsafeBytes { bytes in sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), transient) }
        }
    }
}

extension Database {
    /// Runs a statement compiled once per connection, with `values` bound to its parameters in order.
    func executeCached<each Value: SQLiteBindable>(sql: String, binding values: repeat each Value) throws {
        let statement = try cachedStatement(sql: sql)
        // Resets the statement and marks its (empty) arguments as bound, so `execute()` keeps the bindings below.
        statement.setUncheckedArguments(StatementArguments())
        var index: Int32 = 0
        for value in repeat each values {
            index += 1
            let code = value.bind(to: statement.sqliteStatement, at: index)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not bind parameter \(index)", sql: sql)
            }
        }
        try statement.execute()
    }
}
