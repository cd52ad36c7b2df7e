/// A row of tab titles with one selected: ] or Tab goes to the next, [ or Shift-Tab to the previous, wrapping.
public struct TabBar: Hashable, Sendable {
    /// The titles, left to right.
    public var titles: [String]
    /// The selected tab.
    public private(set) var selected: Int

    /// Tabs titled `titles`, `selected` chosen.
    public init(titles: [String], selected: Int = 0) {
        self.titles = titles
        self.selected = min(max(0, selected), max(0, titles.count - 1))
    }

    /// Selects tab `index` (kept among the tabs).
    public mutating func select(_ index: Int) {
        selected = min(max(0, index), max(0, titles.count - 1))
    }

    /// Switches tabs on ] [ Tab Shift-Tab.
    public mutating func handle(_ key: Key) -> SelectionOutcome {
        let step = switch key {
        case .character("]"), .tab: 1
        case .character("["), .backTab: -1
        default: 0
        }
        guard step != 0 else { return .ignored }
        guard titles.count > 1 else { return .consumed }
        selected = (selected + step + titles.count) % titles.count
        return .moved(to: selected)
    }

    /// Draws ` Records │ Zones ` on the first row of `rect`, the selected title in `selection` when `focused`
    /// (`selection-inactive` otherwise).
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        let line = rect.row(0)
        guard !line.isEmpty else { return }
        canvas.fill(line, style: theme.style(.text))
        var column = line.x
        for (index, title) in titles.enumerated() {
            if index > 0 { column += canvas.write("│", column: column, row: line.y, style: theme.style(.border), limit: line.maxX - column) }
            let style = index == selected ? theme.style(focused ? .selection : .selectionInactive) : theme.style(.text)
            column += canvas.write(" \(title) ", column: column, row: line.y, style: style, limit: line.maxX - column)
        }
    }
}
