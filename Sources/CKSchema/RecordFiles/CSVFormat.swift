import Foundation

/// CSV as RFC 4180 writes it: cells separated by commas, quoted when they hold a comma, a quote or a line
/// break (quotes doubled inside). An empty quoted cell is an empty text; an empty unquoted cell is no value.
public enum CSVFormat {
    /// One row; `nil` cells are written empty and unquoted, empty texts as `""`.
    public static func row(_ cells: [String?]) -> String {
        cells.map { cell in
            guard let cell else { return "" }
            guard cell.isEmpty || cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
            return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }

    /// Whether `text` is a whole row: every quoted cell closed (otherwise the next line continues it).
    public static func isComplete(_ text: String) -> Bool {
        text.utf8.filter { $0 == UInt8(ascii: "\"") }.count.isMultiple(of: 2)
    }

    /// The cells of a complete row; an empty unquoted cell is `nil`. A row that breaks the rules is refused with
    /// the column (from 1, counting characters of the row) where it does.
    public static func cells(of row: String) throws(RecordFileError) -> [String?] {
        var cells: [String?] = []
        var cell = ""
        var quoted = false
        var inQuotes = false
        var afterQuote = false
        var column = 0
        var opening = 0
        for character in row {
            column += 1
            if inQuotes {
                if character == "\"" {
                    inQuotes = false
                    afterQuote = true
                } else {
                    cell.append(character)
                }
            } else if character == "," {
                cells.append(quoted || !cell.isEmpty ? cell : nil)
                (cell, quoted, afterQuote) = ("", false, false)
            } else if character == "\"" {
                if afterQuote { cell.append("\"") } else if !cell.isEmpty { throw RecordFileError.quoteInsideUnquotedCell(column: column) }
                if !afterQuote { opening = column }
                inQuotes = true
                quoted = true
                afterQuote = false
            } else {
                guard !afterQuote else { throw RecordFileError.textAfterClosingQuote(column: column) }
                cell.append(character)
            }
        }
        guard !inQuotes else { throw RecordFileError.unclosedQuote(column: opening) }
        cells.append(quoted || !cell.isEmpty ? cell : nil)
        return cells
    }
}
