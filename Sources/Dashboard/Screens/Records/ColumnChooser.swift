import TerminalKit

/// The records table's column chooser: every column with whether it is shown; Space shows or hides one,
/// J and K move it down or up, Enter applies, Esc leaves the columns as they were.
struct ColumnChooser {
    /// What a key did to the chooser.
    enum Outcome: Equatable {
        case consumed
        case applied([RecordColumns.Column])
        case cancelled
    }

    private var order: [RecordColumns.Column]
    private var shown: Set<RecordColumns.Column>
    private var list = ListView()

    /// A chooser over `columns`: the shown ones first in their order, then the hidden ones.
    init(columns: RecordColumns) {
        order = columns.shown + columns.available.filter { !columns.shown.contains($0) }
        shown = Set(columns.shown)
        refresh()
    }

    /// Toggles, moves, applies or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        guard let index = list.selectedIndex else { return key == .escape ? .cancelled : .consumed }
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            return .applied(order.filter(shown.contains))
        case .character(" "), .character("x"):
            if shown.remove(order[index]) == nil { shown.insert(order[index]) }
        case .character("J") where index + 1 < order.count:
            order.swapAt(index, index + 1)
            list.select(index + 1)
        case .character("K") where index > 0:
            order.swapAt(index, index - 1)
            list.select(index - 1)
        default:
            _ = list.handle(key)
            return .consumed
        }
        refresh()
        return .consumed
    }

    /// Draws the chooser centred in `rect`, with its keys at the bottom.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let hint = "Space show/hide  J/K move  Enter apply"
        let widest = max(DisplayWidth.of(hint), list.items.map { DisplayWidth.of($0.title) }.max() ?? 0)
        let box = rect.centered(Size(width: widest + 4, height: min(rect.height, order.count + 4)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: "Columns").draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        let (items, footer) = inside.splitBottom(1)
        list.draw(in: items.splitBottom(1).rest, on: &canvas, theme: theme, focused: true)
        canvas.write(hint, in: footer, style: theme.style(.muted))
    }

    private mutating func refresh() {
        let selected = list.selectedIndex ?? 0
        list.items = order.map { ListItem((shown.contains($0) ? "[x] " : "[ ] ") + $0.title) }
        list.select(selected)
    }
}
