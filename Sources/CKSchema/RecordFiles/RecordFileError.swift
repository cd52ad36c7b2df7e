/// Why a file of records (JSON lines or CSV) cannot be read, in words for the person who gave the file.
public enum RecordFileError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case cannotRead(path: String, reason: String)
    /// A CSV file without even a header line.
    case emptyCSV(path: String)
    /// A CSV header whose first column is not `recordName`.
    case headerWithoutRecordName(path: String)
    /// A `"` in the middle of a cell that did not start with one, at `column` of the row (from 1).
    case quoteInsideUnquotedCell(column: Int)
    /// Text between a closing quote and the next comma, at `column` of the row.
    case textAfterClosingQuote(column: Int)
    /// A quoted cell, opened at `column`, still open at the end of the row.
    case unclosedQuote(column: Int)
    /// A CSV header line that cannot be read; `looksLikeJSON` when it is a JSON object, as JSON lines start.
    indirect case unreadableHeader(path: String, problem: RecordFileError, looksLikeJSON: Bool)

    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .emptyCSV(let path): "\(path) is empty: a CSV file starts with a header line"
        case .headerWithoutRecordName(let path): "\(path): the CSV header must start with recordName"
        case .quoteInsideUnquotedCell(let column): "column \(column): a quote inside an unquoted cell"
        case .textAfterClosingQuote(let column): "column \(column): text after a closing quote"
        case .unclosedQuote(let column): "column \(column): a quoted cell is not closed"
        case .unreadableHeader(let path, let problem, let looksLikeJSON):
            "\(path), line 1, \(problem.description)"
                + (looksLikeJSON ? " (the file holds JSON lines, not CSV: read it as JSON lines, or give it a .jsonl name)" : "")
        }
    }
}
