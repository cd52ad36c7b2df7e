extension Canvas {
    /// Writes `text` on the first row of `rect`, cut with `…` when it is too wide and placed by `alignment`;
    /// returns the column it starts at.
    @discardableResult
    public mutating func write(_ text: String, in rect: Rect, alignment: TextAlignment = .leading, style: Style) -> Int {
        guard !rect.isEmpty else { return rect.x }
        let fitted = DisplayWidth.truncated(text, toFit: rect.width)
        let spare = rect.width - DisplayWidth.of(fitted)
        let column = switch alignment {
        case .leading: rect.x
        case .trailing: rect.x + spare
        case .center: rect.x + spare / 2
        }
        write(fitted, column: column, row: rect.y, style: style, limit: rect.maxX - column)
        return column
    }
}

extension Canvas {
    /// Writes the part of `text` from display column `skipping` on the first row of `line`, for text scrolled
    /// sideways: a wide character cut by the left edge is left out, and nothing passes the right edge.
    public mutating func write(_ text: String, skipping: Int, in line: Rect, style: Style) {
        guard !line.isEmpty else { return }
        var column = 0
        for character in text {
            let width = DisplayWidth.of(character)
            defer { column += width }
            if column < skipping { continue }
            if column - skipping + width > line.width { break }
            write(String(character), column: line.x + column - skipping, row: line.y, style: style)
        }
    }
}
