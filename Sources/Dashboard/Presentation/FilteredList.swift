import Foundation
import TerminalKit

/// The list screens' common part: items shown in a table, narrowed as the user types a `/` filter (matched
/// anywhere in each item's name, ignoring case), with the selection, the counts for the title and the status
/// line.
struct FilteredList<Item> {
    /// The table the items are drawn in.
    var table: Table
    /// The filter in force.
    private(set) var filter = ""
    /// Every item, before filtering.
    private(set) var all: [Item] = []
    /// The items the filter lets through, in table order.
    private(set) var visible: [Item] = []
    private let name: (Item) -> String
    private var rows: ([Item]) -> TableRows = { _ in TableRows([]) }

    /// An empty list in a table of `columns`; `name` is what the filter matches.
    init(columns: [TableColumn], emptyMessage: String, name: @escaping (Item) -> String) {
        table = Table(columns: columns, source: TableRows([]), emptyMessage: emptyMessage)
        self.name = name
    }

    /// Shows `items`, each made into a row by `rows`.
    mutating func show(_ items: [Item], rows: @escaping ([Item]) -> TableRows) {
        all = items
        self.rows = rows
        refresh()
    }

    /// Keeps the items whose name contains `text`, and selects the first.
    mutating func applyFilter(_ text: String) {
        filter = text
        refresh()
        table.select(row: 0)
    }

    /// Selects the first visible item `isWanted` accepts, if any.
    mutating func select(where isWanted: (Item) -> Bool) {
        if let row = visible.firstIndex(where: isWanted) { table.select(row: row) }
    }

    /// The selected item.
    var selected: Item? {
        table.selectedRow.flatMap { visible.indices.contains($0) ? visible[$0] : nil }
    }

    /// `base [count] /filter`: a list screen's title.
    func title(_ base: String, isLoaded: Bool) -> String {
        base + (isLoaded ? " [\(visible.count)]" : "") + (filter.isEmpty ? "" : " /\(filter)")
    }

    /// The selected row of how many, for the status line.
    var statusItems: [String] {
        table.selectedRow.map { ["\($0 + 1)/\(visible.count)"] } ?? []
    }

    private mutating func refresh() {
        visible = filter.isEmpty ? all : all.filter { name($0).localizedCaseInsensitiveContains(filter) }
        table.source = rows(visible)
    }
}
