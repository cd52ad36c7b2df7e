extension Chart {
    /// Draws the chart in `rect`: the axis labels and the time labels in `axisStyle`, each series in its own.
    /// Needs at least 3 rows and 8 columns; draws nothing in less.
    public func draw(in rect: Rect, on canvas: inout Canvas, axisStyle: Style) {
        let scale = scale
        let labels = [Self.label(scale), Self.label(scale / 2), "0"]
        let axisWidth = (labels.map(\.count).max() ?? 1) + 1
        let plot = Rect(x: rect.x + axisWidth + 1, y: rect.y, width: rect.width - axisWidth - 1, height: rect.height - 1)
        guard plot.width >= 4, plot.height >= 2 else { return }
        for (index, label) in labels.enumerated() {
            let row = plot.y + [0, (plot.height - 1) / 2, plot.height - 1][index]
            canvas.write(String(repeating: " ", count: axisWidth - label.count) + label, column: rect.x, row: row, style: axisStyle)
        }
        for row in plot.y..<plot.maxY {
            canvas.write("│", column: plot.x - 1, row: row, style: axisStyle)
        }
        drawTimeLabels(under: plot, on: &canvas, style: axisStyle)
        switch drawing {
        case .blocks: drawBars(in: plot, on: &canvas, scale: scale)
        case .braille: drawLines(in: plot, on: &canvas, scale: scale)
        }
        if let cursor, pointCount > 0, (0..<pointCount).contains(cursor) {
            let column = column(ofPoint: cursor, in: plot)
            for row in plot.y..<plot.maxY {
                if canvas[column, row].text == " " {
                    canvas.write("┊", column: column, row: row, style: axisStyle)
                } else {
                    canvas.restyle(Rect(x: column, y: row, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
                }
            }
        }
    }

    /// The column of `plot` a cursor on point `index` is drawn in: the first column that shows the point.
    public func column(ofPoint index: Int, in plot: Rect) -> Int {
        let perColumn = drawing == .braille ? 2 : 1
        let slots = plot.width * perColumn
        let slot = (0..<slots).first { slotPoints($0, of: pointCount, in: slots).contains(index) }
        return plot.x + (slot ?? slots - 1) / perColumn
    }

    /// The points slot `slot` of `slots` covers when `count` points are resampled to them.
    private func slotPoints(_ slot: Int, of count: Int, in slots: Int) -> Range<Int> {
        let from = slot * count / slots
        return from..<min(count, max(from + 1, (slot + 1) * count / slots))
    }

    /// The values of `series` resampled to `count` slots: each the largest value of the points it covers.
    func resampled(_ series: ChartSeries, to count: Int) -> [Double?] {
        let values = series.values
        guard !values.isEmpty, count > 0 else { return [] }
        return (0..<count).map { slot in values[slotPoints(slot, of: values.count, in: count)].compactMap { $0 }.max() }
    }

    private func drawTimeLabels(under plot: Rect, on canvas: inout Canvas, style: Style) {
        guard let last = timeLabels.indices.last else { return }
        for (index, label) in timeLabels.enumerated() {
            let anchor = last == 0 ? plot.x : plot.x + index * (plot.width - 1) / last
            let column = min(max(plot.x, anchor - label.count / 2), plot.maxX - label.count)
            canvas.write(label, column: index == 0 ? plot.x : index == last ? plot.maxX - label.count : column, row: plot.maxY, style: style)
        }
    }

    private static let eighths = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    private func drawBars(in plot: Rect, on canvas: inout Canvas, scale: Double) {
        guard let first = series.first else { return }
        for (offset, value) in resampled(first, to: plot.width).enumerated() {
            guard let value else { continue }
            var eighths = Int((value / scale * Double(plot.height * 8)).rounded())
            if value > 0 { eighths = max(eighths, 1) }
            for row in stride(from: plot.maxY - 1, through: plot.y, by: -1) where eighths > 0 {
                canvas.write(Self.eighths[min(eighths, 8)], column: plot.x + offset, row: row, style: first.style)
                eighths -= 8
            }
        }
    }

    /// Braille dots of a cell by their column (0, 1) and row (0 to 3) in it.
    private static let dots: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    private func drawLines(in plot: Rect, on canvas: inout Canvas, scale: Double) {
        let height = plot.height * 4
        var cells = [Int: (bits: UInt32, style: Style)]()
        for line in series {
            var previous: Int?
            for (x, value) in resampled(line, to: plot.width * 2).enumerated() {
                guard let value else {
                    previous = nil
                    continue
                }
                let y = height - 1 - min(height - 1, Int((value / scale * Double(height - 1)).rounded()))
                for dotY in min(y, previous ?? y)...max(y, previous ?? y) {
                    let key = (dotY / 4) * plot.width + x / 2
                    cells[key] = ((cells[key]?.bits ?? 0) | Self.dots[x % 2][dotY % 4], line.style)
                }
                previous = y
            }
        }
        for (key, cell) in cells {
            let character = Character(Unicode.Scalar(0x2800 + cell.bits)!)
            canvas.write(String(character), column: plot.x + key % plot.width, row: plot.y + key / plot.width, style: cell.style)
        }
    }
}
