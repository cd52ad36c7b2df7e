/// Why a file of records (JSON lines or CSV) cannot be read, in words for the person who gave the file.
public enum RecordFileError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case cannotRead(path: String, reason: String)
    /// A CSV file without even a header line.
    case emptyCSV(path: String)
    /// A CSV header whose first column is not `recordName`.
    case headerWithoutRecordName(path: String)
    /// A `"` in the middle of a cell that did not start with one.
    case quoteInsideUnquotedCell
    /// Text between a closing quote and the next comma.
    case textAfterClosingQuote
    /// A quoted cell still open at the end of the row.
    case unclosedQuote

    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .emptyCSV(let path): "\(path) is empty: a CSV file starts with a header line"
        case .headerWithoutRecordName(let path): "\(path): the CSV header must start with recordName"
        case .quoteInsideUnquotedCell: "a quote inside an unquoted cell"
        case .textAfterClosingQuote: "text after a closing quote"
        case .unclosedQuote: "a quoted cell is not closed"
        }
    }
}
