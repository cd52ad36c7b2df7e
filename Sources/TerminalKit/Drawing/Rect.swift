/// A rectangle of terminal cells: a column and row of its top-left corner, and its size in cells.
public struct Rect: Hashable, Sendable {
    /// The leftmost column, from 0.
    public var x: Int
    /// The top row, from 0.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle; a negative width or height counts as 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle at the origin of `size`.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Whether it holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The column just right of it.
    public var maxX: Int { x + width }
    /// The row just below it.
    public var maxY: Int { y + height }

    /// Whether the cell at `column`, `row` lies inside.
    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The part of it that also lies in `other` (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// It shrunk by `horizontal` columns on each side and `vertical` rows at top and bottom.
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The first `rows` rows (all of them when it has fewer), and the rest below.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: taken), Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// The last `rows` rows (all of them when it has fewer), and the rest above.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - taken), Rect(x: x, y: maxY - taken, width: width, height: taken))
    }

    /// The first `columns` columns (all of them when it has fewer), and the rest to the right.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: taken, height: height), Rect(x: x + taken, y: y, width: width - taken, height: height))
    }

    /// A rectangle of `size` centred in this one (clipped to it).
    public func centered(_ size: Size) -> Rect {
        let width = min(size.width, self.width)
        let height = min(size.height, self.height)
        return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }
}

/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `80×24`.
    public var description: String { "\(width)×\(height)" }
}
