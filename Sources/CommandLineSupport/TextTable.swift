import Foundation

/// Rows printed as aligned columns under a header, as `kubectl get` and `cktool` print lists.
public struct TextTable: Sendable {
    /// The column titles.
    public var headers: [String]
    /// The rows, one cell per column.
    public var rows: [[String]]

    /// Creates a table.
    public init(headers: [String], rows: [[String]] = []) {
        self.headers = headers
        self.rows = rows
    }

    /// The table as text: each column as wide as its widest cell, two spaces between columns, no trailing
    /// spaces; a cell's line breaks shown as `⏎` so every row stays one line.
    public var text: String {
        let cells = ([headers] + rows).map { row in row.map { $0.replacingOccurrences(of: "\n", with: "⏎") } }
        var widths = Array(repeating: 0, count: headers.count)
        for row in cells {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " {
            text.removeLast()
        }
        return text
    }
}
