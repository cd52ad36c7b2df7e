import Foundation
import PostgresNIO

extension PostgresStorage: TransferStorage {
    public func transferRows(of table: TransferTable, after key: [TransferValue]?, limit: Int) async throws -> [[TransferValue]] {
        try await read { transaction in
            var statement = PostgresStatement("")
            let values = (key ?? []) + [.integer(Int64(limit))]
            let placeholders = values.map { statement.bind($0) }
            statement.append(table.pageSQL(afterKey: key != nil) { placeholders[$0 - 1] })
            return try transaction.rows(statement.query).map { row in
                try zip(row, table.columns).map { cell, column in try Self.transferValue(cell, kind: column.kind) }
            }
        }
    }

    public func insertTransferRows(_ rows: [[TransferValue]], into table: TransferTable) async throws {
        guard !rows.isEmpty else { return }
        try await write { transaction in
            var statement = PostgresStatement("")
            let placeholders = rows.joined().map { statement.bind($0) }
            let identityClause = table.identity == nil ? "" : " OVERRIDING SYSTEM VALUE"
            statement.append(table.insertSQL(rows: rows.count, identityClause: identityClause) { placeholders[$0 - 1] })
            try transaction.execute(statement.query)
        }
    }

    public func keepFileContents(_ contents: Data, checksum: String) async throws {
        try await write { transaction in
            _ = try transaction.execute("""
                INSERT INTO asset_files (checksum, contents) VALUES (\(checksum), \(ByteBuffer(bytes: Array(contents))))
                ON CONFLICT (checksum) DO NOTHING
                """)
        }
    }

    public func identityCounters() async throws -> [String: Int64] {
        try await read { transaction in
            var counters: [String: Int64] = [:]
            for table in TransferTable.all {
                guard let column = table.identity else { continue }
                guard let sequence = try transaction.rows(PostgresQuery(unsafeSQL: "SELECT pg_get_serial_sequence('\(table.name)', '\(column)')"))
                    .first?.decode(String?.self)
                else { continue }
                // `last_value` is the next number to give while `is_called` is false (never used, or set by a copy).
                let (last, called) = try transaction.rows(PostgresQuery(unsafeSQL: "SELECT last_value, is_called FROM \(sequence)"))
                    .first?.decode((Int64, Bool).self) ?? (Int64(1), false)
                counters[table.name] = called ? last : last - 1
            }
            return counters
        }
    }

    /// Moves each identity column's sequence past the highest number copied into its table and the source's counter.
    public func finishTransfer(counters: [String: Int64]) async throws {
        try await write { transaction in
            for table in TransferTable.all {
                guard let column = table.identity else { continue }
                try transaction.execute(PostgresQuery(unsafeSQL: """
                    SELECT setval(pg_get_serial_sequence('\(table.name)', '\(column)'),
                        GREATEST(COALESCE(MAX(\(column)), 0), \(counters[table.name] ?? 0)) + 1, false)
                    FROM \(table.name)
                    """))
            }
        }
    }

    /// The cell as its column's kind.
    private static func transferValue(_ cell: PostgresCell, kind: TransferTable.Column.Kind) throws -> TransferValue {
        guard cell.bytes != nil else { return .null }
        return switch kind {
        case .integer: .integer(try cell.decode(Int64.self))
        case .real: .real(try cell.decode(Double.self))
        case .boolean: .boolean(try cell.decode(Bool.self))
        case .text: .text(try cell.decode(String.self))
        case .bytes: .bytes(Array(buffer: try cell.decode(ByteBuffer.self)))
        }
    }
}

extension PostgresStatement {
    /// Binds a copied value as its kind, and returns its placeholder.
    fileprivate mutating func bind(_ value: TransferValue) -> String {
        switch value {
        case .null: bindNull()
        case .integer(let number): bind(number)
        case .real(let number): bind(number)
        case .boolean(let flag): bind(flag)
        case .text(let text): bind(text)
        case .bytes(let bytes): bind(ByteBuffer(bytes: bytes))
        }
    }
}
