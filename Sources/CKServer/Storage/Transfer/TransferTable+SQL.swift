extension TransferTable {
    /// The statement reading a page of rows in key order: `placeholder(n)` writes the n-th parameter (from 1),
    /// which are the key's values of the row to start after (when `afterKey`), then the page's size.
    func pageSQL(afterKey: Bool, placeholder: (Int) -> String) -> String {
        let names = columns.map(\.name).joined(separator: ", ")
        let keyList = key.joined(separator: ", ")
        var sql = "SELECT \(names) FROM \(name)"
        if afterKey {
            sql += " WHERE (\(keyList)) > (\(key.indices.map { placeholder($0 + 1) }.joined(separator: ", ")))"
        }
        return sql + " ORDER BY \(keyList) LIMIT \(placeholder(afterKey ? key.count + 1 : 1))"
    }

    /// The statement inserting `rows` rows, their values bound in order row after row; `identityClause` goes
    /// between the columns and the values (PostgreSQL's `OVERRIDING SYSTEM VALUE`).
    func insertSQL(rows: Int, identityClause: String = "", placeholder: (Int) -> String) -> String {
        let width = columns.count
        let values = (0..<rows).map { row in
            "(" + (1...width).map { placeholder(row * width + $0) }.joined(separator: ", ") + ")"
        }
        return "INSERT INTO \(name) (\(columns.map(\.name).joined(separator: ", ")))\(identityClause) VALUES "
            + values.joined(separator: ", ")
    }
}
