extension Table {
    /// The mark beside the selected row, in the column left of the cells.
    static let selectionMark = "▸"

    /// Draws the heading and the rows on screen into `rect`, asking the source only for those rows. The selected
    /// row has `selectionMark` beside it and the text of its first cell in `selection` when `focused`,
    /// `selection-inactive` otherwise: highlighting that text rather than the whole row keeps a selection move to
    /// about a hundred bytes on the terminal, as nnn does.
    public mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        guard !rect.isEmpty else { return }
        let (gutter, cellsArea) = rect.splitLeft(1)
        let body = cellsArea.splitTop(1).rest
        let count = source.rowCount.loaded
        pageHeight = max(1, body.height)
        position.reveal(count: count, pageHeight: pageHeight)
        visibleRows = position.visibleRows(count: count, pageHeight: body.height)
        let widths = fitColumns(in: cellsArea.width)
        canvas.fill(rect, style: theme.style(.text))
        drawHeading(in: rect.row(0), widths: widths, on: &canvas, theme: theme)
        guard count > 0 else {
            canvas.write(emptyMessage, in: rect.row(1), alignment: .center, style: theme.style(.muted))
            return
        }
        let selectionStyle = theme.style(focused ? .selection : .selectionInactive)
        for row in visibleRows {
            let line = body.row(row - visibleRows.lowerBound)
            let isSelected = row == position.selected
            let cells = source.cells(forRow: row)
            for (offset, cellRect) in cellRects(in: line, widths: widths).enumerated() {
                let column = firstColumn + offset
                guard column < cells.count else { break }
                let cell = cells[column]
                let style = isSelected && offset == 0 ? selectionStyle : theme.style(cell.role ?? .text)
                canvas.write(cell.text, in: cellRect, alignment: columns[column].alignment, style: style)
            }
            if isSelected { canvas.write(Self.selectionMark, column: gutter.x, row: line.y, style: selectionStyle) }
        }
    }

    /// Draws the titles into `line` after its first column, which shows ◂ when columns lie to the left.
    private func drawHeading(in line: Rect, widths: [Int], on canvas: inout Canvas, theme: Theme) {
        let style = theme.style(.columnHeader)
        canvas.fill(line, style: style)
        for (offset, cellRect) in cellRects(in: line.splitLeft(1).rest, widths: widths).enumerated() {
            let column = firstColumn + offset
            canvas.write(title(of: column, width: cellRect.width), in: cellRect, alignment: columns[column].alignment, style: style)
        }
        if firstColumn > 0 { canvas.write("◂", column: line.x, row: line.y, style: style) }
        if visibleColumns.upperBound < columns.count { canvas.write("▸", column: line.maxX - 1, row: line.y, style: style) }
    }

    private func title(of column: Int, width: Int) -> String {
        let title = columns[column].title
        guard let sort, sort.column == column else { return title }
        guard width >= 3 else { return sort.indicator }
        return DisplayWidth.truncated(title, toFit: width - 2) + " " + sort.indicator
    }

    private func cellRects(in line: Rect, widths: [Int]) -> [Rect] {
        var x = line.x
        return widths.map { width in
            defer { x += width + columnSpacing }
            return Rect(x: x, y: line.y, width: min(width, line.maxX - x), height: 1)
        }
    }
}
