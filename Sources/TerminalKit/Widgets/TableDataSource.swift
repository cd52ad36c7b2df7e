/// Where a `Table` gets its rows: it asks for the count, and for the cells of a row only when that row is on
/// screen, so a source can hold a million rows, or load them page by page.
public protocol TableDataSource {
    /// How many rows are loaded, and how many there are in all when known.
    var rowCount: RowCount { get }
    /// The cells of loaded row `row`, one per column.
    func cells(forRow row: Int) -> [TableCell]
}

/// The rows a source has loaded, and the total when it is known; a source that is still fetching pages has
/// more to come.
public struct RowCount: Hashable, Sendable {
    /// Rows that can be drawn now.
    public var loaded: Int
    /// All the rows, when known; `nil` while the end has not been reached.
    public var total: Int?

    /// `loaded` rows of `total` (unknown when `nil`).
    public init(loaded: Int, total: Int?) {
        self.loaded = max(0, loaded)
        self.total = total
    }

    /// All `count` rows are loaded.
    public static func complete(_ count: Int) -> RowCount {
        RowCount(loaded: count, total: count)
    }

    /// Whether rows remain to be loaded.
    public var hasMore: Bool { total.map { loaded < $0 } ?? true }
}

/// The text of one cell and, optionally, the theme role it is drawn in (an environment's colour, an error).
public struct TableCell: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text, cut with `…` when the column is narrower.
    public var text: String
    /// The role to draw it in instead of `text`; the selection style wins on the selected row.
    public var role: ThemeRole?

    /// A cell showing `text` in `role`.
    public init(_ text: String, role: ThemeRole? = nil) {
        self.text = text
        self.role = role
    }

    /// A plain cell from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

/// Rows held in memory, all loaded: for small tables and tests.
public struct TableRows: TableDataSource, Hashable, Sendable {
    /// The rows, each a cell per column.
    public var rows: [[TableCell]]

    /// A source of `rows`.
    public init(_ rows: [[TableCell]]) {
        self.rows = rows
    }

    /// All the rows, loaded.
    public var rowCount: RowCount { .complete(rows.count) }

    /// The cells of row `row`.
    public func cells(forRow row: Int) -> [TableCell] { rows[row] }
}
