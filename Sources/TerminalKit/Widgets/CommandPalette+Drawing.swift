extension CommandPalette {
    /// Draws the prompt and field on the first row of `rect` and the suggestions below it, the highlighted
    /// one in `selection` once picked (`selection-inactive` before, as the one Tab would take).
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let (line, below) = rect.splitTop(1)
        guard !line.isEmpty else { return }
        canvas.fill(line, style: theme.style(.input))
        let promptWidth = canvas.write(prompt, column: line.x, row: line.y, style: theme.style(.input), limit: line.width)
        field.draw(in: line.splitLeft(promptWidth).rest, on: &canvas, theme: theme, focused: true)
        guard !below.isEmpty, !suggestions.items.isEmpty else { return }
        suggestions.draw(in: below.splitTop(suggestions.items.count).top, on: &canvas, theme: theme, focused: hasPickedSuggestion)
    }

    /// Where the terminal's cursor belongs after drawing in `rect`.
    public func cursorPosition(in rect: Rect) -> Position {
        let promptWidth = min(rect.width, DisplayWidth.of(prompt))
        return field.cursorPosition(in: rect.row(0).splitLeft(promptWidth).rest)
    }
}
