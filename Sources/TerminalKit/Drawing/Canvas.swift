/// A frame being drawn: a grid of cells that widgets write text into, which a `Terminal` then shows.
///
/// Drawing is clipped to the canvas: text past the right edge or outside the rows is dropped, and a wide
/// character that would straddle the edge is left out. Control characters are drawn as `�` so that nothing
/// written can move the terminal's cursor.
///
/// ```swift
/// var canvas = Canvas(size: Size(width: 80, height: 24))
/// canvas.write("Containers", column: 1, row: 0, style: Style(attributes: .bold))
/// terminal.present(canvas)
/// ```
public struct Canvas: Hashable, Sendable {
    /// The size in cells.
    public let size: Size
    /// The cells, row after row.
    public private(set) var cells: [Cell]

    /// An empty canvas of `size`, every cell a space in `style`.
    public init(size: Size, style: Style = .plain) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: Cell(style: style), count: self.size.width * self.size.height)
    }

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    /// The cell at `column`, `row`, which must be inside.
    public subscript(column: Int, row: Int) -> Cell {
        cells[row * size.width + column]
    }

    /// Writes `text` from `column` on `row` in `style`, stopping at `limit` columns (the canvas's edge when
    /// `nil`); returns the columns written.
    @discardableResult
    public mutating func write(_ text: String, column: Int, row: Int, style: Style, limit: Int? = nil) -> Int {
        guard row >= 0, row < size.height else { return 0 }
        let end = min(size.width, limit.map { column + max(0, $0) } ?? size.width)
        var x = column
        for character in text {
            let drawn = character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "\u{FFFD}" : character
            let width = DisplayWidth.of(drawn)
            if width == 0 { continue }
            if x + width > end { break }
            if x >= 0 {
                put(Cell(text: String(drawn), style: style), column: x, row: row)
                if width == 2 { put(Cell(text: "", style: style), column: x + 1, row: row) }
            }
            x += width
        }
        return max(0, x - column)
    }

    /// Fills `rect` (clipped to the canvas) with spaces in `style`; a wide character cut by its edge is blanked
    /// whole, so that no row ends up wider than the canvas.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        guard area.width > 0, area.height > 0 else { return }
        for row in area.y..<area.maxY {
            let start = row * size.width
            if area.x > 0, cells[start + area.x].isContinuation { cells[start + area.x - 1].text = " " }
            if area.maxX < size.width, cells[start + area.maxX].isContinuation { cells[start + area.maxX].text = " " }
            for column in area.x..<area.maxX {
                cells[start + column] = Cell(style: style)
            }
        }
    }

    /// Changes the style of every cell in `rect` (clipped to the canvas), keeping their text.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                change(&cells[row * size.width + column].style)
            }
        }
    }

    /// The text of each row, without styles; what a test compares with its expected screen.
    public var lines: [String] {
        (0..<size.height).map { row in
            (0..<size.width).reduce(into: "") { line, column in line += self[column, row].text }
        }
    }

    /// Puts a cell, first blanking the halves of any wide character it overwrites.
    private mutating func put(_ cell: Cell, column: Int, row: Int) {
        let index = row * size.width + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1].text = " "
        }
        if DisplayWidth.of(cells[index].text) == 2, column + 1 < size.width, cell.text != "" {
            cells[index + 1].text = " "
        }
        cells[index] = cell
    }
}
