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
