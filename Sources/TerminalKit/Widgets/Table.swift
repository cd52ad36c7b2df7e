/// A table of rows with a heading row, a selected row and scrolling, drawn from a `TableDataSource` that is
/// asked only for the rows on screen.
///
/// Widths follow each column's rule in the room there is; when even the minimums do not fit, the columns
/// scroll sideways (h/l, ←/→) and ◂ ▸ in the heading say that more lie that way. A view reads `wantsMoreRows`
/// after drawing to know when to load the next page.
///
/// ```swift
/// var table = Table(columns: [TableColumn("NAME"), TableColumn("SIZE", width: .fixed(8), alignment: .trailing)],
///                   source: records)
/// table.draw(in: body, on: &canvas, theme: theme, focused: true)
/// if table.wantsMoreRows { loader.loadNextPage() }
/// ```
public struct Table {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// Where the rows come from.
    public var source: any TableDataSource
    /// The column shown as sorted, if any.
    public var sort: TableSort?
    /// What the body says when there are no rows.
    public var emptyMessage: String
    /// Blank columns between two columns.
    public var columnSpacing: Int
    /// The selection and the first row shown.
    public internal(set) var position = ScrollPosition()
    /// The first column shown, more than 0 after scrolling right.
    public internal(set) var firstColumn = 0
    /// The rows the last drawing showed.
    public internal(set) var visibleRows: Range<Int> = 0..<0
    /// The columns the last drawing showed.
    public internal(set) var visibleColumns: Range<Int> = 0..<0
    /// The rows of the body at the last drawing: a page for PgUp/PgDn.
    public internal(set) var pageHeight = 1

    /// A table of `columns` over `source`.
    /// - Parameters:
    ///   - columns: the columns, left to right.
    ///   - source: where the rows come from.
    ///   - sort: the column shown as sorted.
    ///   - emptyMessage: what the body says when there are no rows.
    ///   - columnSpacing: blank columns between columns.
    public init(
        columns: [TableColumn], source: any TableDataSource, sort: TableSort? = nil, emptyMessage: String = "Nothing to show",
        columnSpacing: Int = 2
    ) {
        self.columns = columns
        self.source = source
        self.sort = sort
        self.emptyMessage = emptyMessage
        self.columnSpacing = columnSpacing
    }

    /// The selected row, or `nil` when there are no rows.
    public var selectedRow: Int? {
        source.rowCount.loaded > 0 ? min(position.selected, source.rowCount.loaded - 1) : nil
    }

    /// Selects `row` (kept among the loaded rows) and scrolls to it.
    public mutating func select(row: Int) {
        position.select(row, count: source.rowCount.loaded, pageHeight: pageHeight)
    }

    /// Whether the source has more rows and the view has come within a page of the last loaded one: the
    /// moment to load the next page.
    public var wantsMoreRows: Bool {
        let count = source.rowCount
        return count.hasMore && visibleRows.upperBound + pageHeight >= count.loaded
    }
}
