/// A frame of ─│┌┐└┘ around a pane or dialog, with an optional title in its top edge.
///
/// ```swift
/// let inside = Box(title: "Zones").draw(in: rect, on: &canvas, theme: theme, focused: true)
/// ```
public struct Box: Hashable, Sendable {
    /// The title in the top edge, cut with `…` when the box is narrow.
    public var title: String?

    /// A box titled `title`.
    public init(title: String? = nil) {
        self.title = title
    }

    /// Draws the frame on the edge of `rect` and returns the space inside it; the title is bold when `focused`.
    @discardableResult
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool = true) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let border = theme.style(.border)
        let horizontal = String(repeating: "─", count: rect.width - 2)
        canvas.write("┌" + horizontal + "┐", column: rect.x, row: rect.y, style: border)
        canvas.write("└" + horizontal + "┘", column: rect.x, row: rect.maxY - 1, style: border)
        for row in (rect.y + 1)..<(rect.maxY - 1) {
            canvas.write("│", column: rect.x, row: row, style: border)
            canvas.write("│", column: rect.maxX - 1, row: row, style: border)
        }
        if let title, !title.isEmpty, rect.width > 4 {
            let style = focused ? theme.style(.title) : theme.style(.border)
            canvas.write(" " + DisplayWidth.truncated(title, toFit: rect.width - 4) + " ", column: rect.x + 1, row: rect.y, style: style)
        }
        return rect.inset(horizontal: 1, vertical: 1)
    }
}
