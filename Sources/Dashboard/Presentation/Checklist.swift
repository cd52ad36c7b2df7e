import TerminalKit

/// Items to tick and order in a framed box over the screen, such as the records table's columns or the fields
/// a query returns: Space ticks or unticks one, J and K move it down or up, Enter applies, Esc leaves things as
/// they were.
struct Checklist<Item: Hashable> {
    /// What a key did to the checklist.
    enum Outcome: Equatable {
        case consumed
        /// The ticked items, in the order listed.
        case applied([Item])
        case cancelled
    }

    /// The box's title.
    let title: String
    private var order: [Item]
    private var ticked: Set<Item>
    private let name: (Item) -> String
    private var list = ListView()

    /// A checklist titled `title` over `available`: the `ticked` ones first in their order, then the others;
    /// each listed as `name` writes it.
    init(title: String, available: [Item], ticked: [Item], name: @escaping (Item) -> String) {
        self.title = title
        order = ticked + available.filter { !ticked.contains($0) }
        self.ticked = Set(ticked)
        self.name = name
        refresh()
    }

    /// Ticks, moves, applies or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        guard let index = list.selectedIndex else { return key == .escape ? .cancelled : .consumed }
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            return .applied(order.filter(ticked.contains))
        case .character(" "), .character("x"):
            if ticked.remove(order[index]) == nil { ticked.insert(order[index]) }
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

    /// Draws the checklist centred in `rect`, with its keys at the bottom.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let hint = "Space tick  J/K move  Enter apply"
        let widest = max(DisplayWidth.of(hint), DisplayWidth.of(title) + 2, list.items.map { DisplayWidth.of($0.title) }.max() ?? 0)
        let box = rect.centered(Size(width: widest + 4, height: min(rect.height, order.count + 4)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        let (items, footer) = inside.splitBottom(1)
        list.draw(in: items.splitBottom(1).rest, on: &canvas, theme: theme, focused: true)
        canvas.write(hint, in: footer, style: theme.style(.muted))
    }

    private mutating func refresh() {
        let selected = list.selectedIndex ?? 0
        list.items = order.map { ListItem((ticked.contains($0) ? "[x] " : "[ ] ") + name($0)) }
        list.select(selected)
    }
}
