import PostgresNIO

/// SQL put together piece by piece, for statements whose conditions depend on the request; each value is bound
/// as the next parameter (`$1`, `$2`…), never written into the text.
struct PostgresStatement {
    private var sql: String
    private var bindings = PostgresBindings()

    init(_ sql: String) {
        self.sql = sql
    }

    /// Adds SQL text.
    mutating func append(_ text: String) {
        sql += text
    }

    /// Binds `value` and returns its placeholder, to write into the SQL.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// Binds a null of whichever type the statement needs there, and returns its placeholder.
    mutating func bindNull() -> String {
        bindings.appendNull()
        return "$\(bindings.count)"
    }

    var query: PostgresQuery {
        PostgresQuery(unsafeSQL: sql, binds: bindings)
    }
}
