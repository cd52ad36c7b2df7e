/// A single column of selectable items that scrolls: pickers, and the command palette's suggestions.
///
/// ```swift
/// var picker = ListView(items: ["development", "production"])
/// if case .chosen(let index) = picker.handle(key) { environment = picker.items[index].title }
/// ```
public struct ListView: Hashable, Sendable {
    /// The items, top to bottom.
    public var items: [ListItem]
    /// What the list says when it has no items.
    public var emptyMessage: String
    /// The selection and the first item shown.
    public private(set) var position = ScrollPosition()
    /// The items of room at the last drawing: a page for PgUp/PgDn.
    public private(set) var pageHeight = 1

    /// A list of `items`.
    public init(items: [ListItem] = [], emptyMessage: String = "No items") {
        self.items = items
        self.emptyMessage = emptyMessage
    }

    /// The index of the selected item, or `nil` when the list is empty.
    public var selectedIndex: Int? {
        items.isEmpty ? nil : min(position.selected, items.count - 1)
    }

    /// The selected item, or `nil` when the list is empty.
    public var selectedItem: ListItem? { selectedIndex.map { items[$0] } }

    /// Selects item `index` (kept inside the list) and scrolls to it.
    public mutating func select(_ index: Int) {
        position.select(index, count: items.count, pageHeight: pageHeight)
    }

    /// Moves the selection by `movement`, for a caller that maps its own keys (the palette's ↑/↓).
    @discardableResult
    public mutating func move(_ movement: Movement) -> SelectionOutcome {
        position.move(movement, count: items.count, pageHeight: pageHeight) ? .moved(to: position.selected) : .consumed
    }

    /// Moves the selection with the navigation keys and reports Enter on the selected item.
    public mutating func handle(_ key: Key) -> SelectionOutcome {
        if key == .enter { return selectedIndex.map(SelectionOutcome.chosen) ?? .consumed }
        guard let movement = Movement(key: key) else { return .ignored }
        return move(movement)
    }

    /// Draws the items on screen into `rect`: titles on the left, details on the right, the selected item in
    /// `selection` when `focused` and `selection-inactive` otherwise.
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        guard !rect.isEmpty else { return }
        pageHeight = rect.height
        position.reveal(count: items.count, pageHeight: pageHeight)
        canvas.fill(rect, style: theme.style(.text))
        guard !items.isEmpty else {
            canvas.write(emptyMessage, in: rect.row(0), style: theme.style(.muted))
            return
        }
        let selectionStyle = theme.style(focused ? .selection : .selectionInactive)
        for index in position.visibleRows(count: items.count, pageHeight: rect.height) {
            let line = rect.row(index - position.top)
            let isSelected = index == position.selected
            if isSelected { canvas.fill(line, style: selectionStyle) }
            items[index].draw(in: line, on: &canvas, style: isSelected ? selectionStyle : theme.style(.text),
                              detailStyle: isSelected ? selectionStyle : theme.style(.muted))
        }
    }
}

/// One item of a `ListView`: a title, and an optional detail shown on the right in a quieter style.
public struct ListItem: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The main text.
    public var title: String
    /// Secondary text on the right (what a command does, a count).
    public var detail: String?

    /// An item showing `title`, and `detail` on the right.
    public init(_ title: String, detail: String? = nil) {
        self.title = title
        self.detail = detail
    }

    /// An item from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Draws the title on the left of `line` and the detail on its right, the title winning the room.
    func draw(in line: Rect, on canvas: inout Canvas, style: Style, detailStyle: Style) {
        let start = canvas.write(title, in: line.inset(horizontal: 1), style: style)
        let titleEnd = start + DisplayWidth.of(DisplayWidth.truncated(title, toFit: max(0, line.width - 2)))
        guard let detail, !detail.isEmpty else { return }
        let room = line.maxX - 1 - (titleEnd + 2)
        guard room >= 4 else { return }
        canvas.write(detail, in: Rect(x: titleEnd + 2, y: line.y, width: room, height: 1), alignment: .trailing, style: detailStyle)
    }
}
