import Foundation
import GRDB

extension SQLiteStorage: TransferStorage {
    public func transferRows(of table: TransferTable, after key: [TransferValue]?, limit: Int) async throws -> [[TransferValue]] {
        try await writer.read { db in
            let sql = table.pageSQL(afterKey: key != nil) { _ in "?" }
            let arguments = StatementArguments((key ?? []).map(Self.databaseValue) + [limit.databaseValue])
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                try table.columns.indices.map { try Self.transferValue(row[$0], kind: table.columns[$0].kind) }
            }
        }
    }

    public func insertTransferRows(_ rows: [[TransferValue]], into table: TransferTable) async throws {
        try await write { db in
            let statement = try db.cachedStatement(sql: table.insertSQL(rows: 1) { _ in "?" })
            for row in rows {
                try statement.execute(arguments: StatementArguments(row.map(Self.databaseValue)))
            }
        }
    }

    public func keepFileContents(_ contents: Data, checksum: String) async throws {
        try keepFile(contents, checksum: checksum)
    }

    public func identityCounters() async throws -> [String: Int64] {
        try await writer.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence").map { ($0[0], $0[1]) }, uniquingKeysWith: max)
        }
    }

    /// SQLite numbers an `AUTOINCREMENT` table past the highest row it holds and its `sqlite_sequence` counter:
    /// the counter goes up to the source's.
    public func finishTransfer(counters: [String: Int64]) async throws {
        try await write { db in
            for table in TransferTable.all where table.identity != nil {
                guard let counter = counters[table.name] else { continue }
                try db.execute(sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", arguments: [counter, table.name])
                if db.changesCount == 0 {
                    try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table.name, counter])
                }
            }
        }
    }

    private static func databaseValue(_ value: TransferValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .boolean(let flag): flag.databaseValue
        case .text(let text): text.databaseValue
        case .bytes(let bytes): Data(bytes).databaseValue
        }
    }

    /// The value as its column's kind, whichever storage class SQLite kept it in.
    private static func transferValue(_ value: DatabaseValue, kind: TransferTable.Column.Kind) throws -> TransferValue {
        if value.isNull { return .null }
        switch kind {
        case .integer: return .integer(try Int64.fromDatabaseValue(value).orThrow(value, kind))
        case .real: return .real(try Double.fromDatabaseValue(value).orThrow(value, kind))
        case .boolean: return .boolean(try Bool.fromDatabaseValue(value).orThrow(value, kind))
        case .text: return .text(try String.fromDatabaseValue(value).orThrow(value, kind))
        case .bytes: return .bytes(Array(try Data.fromDatabaseValue(value).orThrow(value, kind)))
        }
    }
}

private extension Optional {
    /// The value, or an error naming what the column held instead of the kind it declares.
    func orThrow(_ value: DatabaseValue, _ kind: TransferTable.Column.Kind) throws -> Wrapped {
        guard let self else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "a \(kind) column holds \(value)")
        }
        return self
    }
}
