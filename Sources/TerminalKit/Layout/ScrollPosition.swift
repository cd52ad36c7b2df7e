/// Which row is selected and which row is at the top of the view: the selection and scrolling state shared
/// by every widget that shows more rows than fit.
///
/// A widget with a selection (table, list) moves `selected` and lets `top` follow; a widget without one (help,
/// text view) moves `top` alone with `scroll`.
public struct ScrollPosition: Hashable, Sendable {
    /// The selected row.
    public var selected: Int
    /// The first row shown.
    public var top: Int

    /// A position at `selected` with `top` at the top.
    public init(selected: Int = 0, top: Int = 0) {
        self.selected = selected
        self.top = top
    }

    /// Moves the selection by `movement` among `count` rows with `pageHeight` rows shown; a page move takes the
    /// view along so the selected row keeps its place on screen. Returns whether the selection changed.
    @discardableResult
    public mutating func move(_ movement: Movement, count: Int, pageHeight: Int) -> Bool {
        let before = selected
        selected = movement.target(from: selected, count: count, pageHeight: pageHeight)
        switch movement {
        case .pages, .halfPages: top += selected - before
        case .rows, .top, .bottom: break
        }
        reveal(count: count, pageHeight: pageHeight)
        return selected != before
    }

    /// Selects `row` (kept inside the rows) and scrolls it into view.
    public mutating func select(_ row: Int, count: Int, pageHeight: Int) {
        selected = min(max(0, row), max(0, count - 1))
        reveal(count: count, pageHeight: pageHeight)
    }

    /// Scrolls the view alone by `movement`, for widgets without a selection. Returns whether it moved.
    @discardableResult
    public mutating func scroll(_ movement: Movement, count: Int, pageHeight: Int) -> Bool {
        let before = top
        let lastTop = max(0, count - max(1, pageHeight))
        top = movement == .bottom ? lastTop : min(movement.target(from: top, count: count, pageHeight: pageHeight), lastTop)
        return top != before
    }

    /// Keeps the view inside the rows after they or the room changed, for widgets without a selection.
    public mutating func clampTop(count: Int, pageHeight: Int) {
        top = max(0, min(top, count - max(1, pageHeight)))
    }

    /// Keeps the selection inside the rows and the view on the selection, without blank rows below the last
    /// row when there are enough rows to fill the view.
    public mutating func reveal(count: Int, pageHeight: Int) {
        let page = max(1, pageHeight)
        selected = min(max(0, selected), max(0, count - 1))
        if selected < top { top = selected }
        if selected >= top + page { top = selected - page + 1 }
        top = max(0, min(top, count - page))
    }

    /// The rows shown among `count` with `pageHeight` rows of room.
    public func visibleRows(count: Int, pageHeight: Int) -> Range<Int> {
        let start = min(max(0, top), max(0, count))
        return start..<min(count, start + max(0, pageHeight))
    }
}
