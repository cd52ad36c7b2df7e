extension Table {
    /// Moves the selection with the navigation keys (j/k, arrows, g/G, Home/End, PgUp/PgDn, Ctrl-F/B/D/U),
    /// scrolls the columns with h/l and ←/→, and reports Enter on the selected row.
    public mutating func handle(_ key: Key) -> SelectionOutcome {
        let count = source.rowCount.loaded
        if key == .enter { return selectedRow.map(SelectionOutcome.chosen) ?? .consumed }
        guard let action = KeyBindingTable.navigation.action(for: key) else { return .ignored }
        switch action {
        case .scrollLeft:
            guard firstColumn > 0 else { return .consumed }
            firstColumn -= 1
            return .consumed
        case .scrollRight:
            guard visibleColumns.upperBound < columns.count else { return .consumed }
            firstColumn += 1
            return .consumed
        default:
            guard let movement = Movement(action) else { return .ignored }
            return position.move(movement, count: count, pageHeight: pageHeight) ? .moved(to: position.selected) : .consumed
        }
    }

    /// The widths of the columns shown from `firstColumn` in `width`, after moving `firstColumn` back left when
    /// the room has grown enough to show columns it had scrolled past.
    mutating func fitColumns(in width: Int) -> [Int] {
        firstColumn = min(firstColumn, max(0, columns.count - 1))
        let rules = columns.map(\.width)
        var widths = ColumnWidth.fit(rules, from: firstColumn, available: width, spacing: columnSpacing)
        while firstColumn > 0 {
            let wider = ColumnWidth.fit(rules, from: firstColumn - 1, available: width, spacing: columnSpacing)
            guard firstColumn - 1 + wider.count == columns.count else { break }
            firstColumn -= 1
            widths = wider
        }
        visibleColumns = firstColumn..<(firstColumn + widths.count)
        return widths
    }
}
