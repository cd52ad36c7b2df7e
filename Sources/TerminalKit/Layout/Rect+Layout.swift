extension Rect {
    /// The last `columns` columns (all of them when it has fewer), and the rest to the left.
    public func splitRight(_ columns: Int) -> (rest: Rect, right: Rect) {
        let taken = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: width - taken, height: height), Rect(x: maxX - taken, y: y, width: taken, height: height))
    }

    /// The row `offset` rows below the top, one row high (empty when it lies outside).
    public func row(_ offset: Int) -> Rect {
        guard offset >= 0, offset < height else { return Rect(x: x, y: y + offset, width: width, height: 0) }
        return Rect(x: x, y: y + offset, width: width, height: 1)
    }

    /// The same rectangle `rows` rows lower.
    public func offsetBy(rows: Int) -> Rect {
        Rect(x: x, y: y + rows, width: width, height: height)
    }
}
