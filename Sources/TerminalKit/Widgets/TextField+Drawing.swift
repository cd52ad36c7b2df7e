extension TextField {
    /// Draws the text (or the placeholder) on the first row of `rect` in the `input` style, scrolled so the
    /// cursor stays inside; a wide character cut by the left edge is left blank.
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        let line = rect.row(0)
        guard !line.isEmpty else { return }
        let style = theme.style(.input)
        canvas.fill(line, style: style)
        if characters.isEmpty {
            scrollColumn = 0
            canvas.write(placeholder, in: line, style: theme.style(.muted))
            return
        }
        scrollIntoView(width: line.width)
        canvas.write(text, skipping: scrollColumn, in: line, style: style)
    }

    /// Where the terminal's cursor belongs in `rect` after the last drawing: on the character after the text
    /// cursor.
    public func cursorPosition(in rect: Rect) -> Position {
        Position(column: rect.x + min(max(0, rect.width - 1), cursorColumn - scrollColumn), row: rect.y)
    }

    /// The display column of the cursor from the start of the text.
    var cursorColumn: Int { DisplayWidth.of(String(characters[..<cursor])) }

    /// Scrolls so the cursor's cell is inside `width` columns, and no further than needed to show the end.
    private mutating func scrollIntoView(width: Int) {
        let column = cursorColumn
        let cursorWidth = cursor < characters.count ? DisplayWidth.of(characters[cursor]) : 1
        if column < scrollColumn { scrollColumn = column }
        if column + cursorWidth > scrollColumn + width { scrollColumn = column + cursorWidth - width }
        let textWidth = DisplayWidth.of(String(characters)) + 1
        scrollColumn = max(0, min(scrollColumn, textWidth - width, column))
    }
}
