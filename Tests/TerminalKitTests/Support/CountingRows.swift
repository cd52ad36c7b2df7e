import TerminalKit

/// A table source of generated rows that counts how often it is asked for a row, to prove the table only asks
/// for the rows on screen.
final class CountingRows: TableDataSource {
    var rowCount: RowCount
    private(set) var requestedRows: [Int] = []

    init(loaded: Int, total: Int?) {
        rowCount = RowCount(loaded: loaded, total: total)
    }

    func cells(forRow row: Int) -> [TableCell] {
        requestedRows.append(row)
        return [TableCell("record-\(row)"), TableCell("\(row * 10)")]
    }
}
