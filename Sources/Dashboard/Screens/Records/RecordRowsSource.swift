import CKModel
import TerminalKit

/// The records table's rows: a query's records as `RecordPageCache` holds them, a cell per column; a row whose
/// page is not in memory shows `…` until it is fetched again.
final class RecordRowsSource: TableDataSource {
    /// The pages fetched so far.
    var cache: RecordPageCache
    /// The columns after the record name.
    var columns: [RecordColumns.Column]
    /// The number of records the query matches, when known before its last page is read.
    var expectedTotal: Int?
    /// The names of the records marked for a bulk action, drawn with `●`.
    var marked: Set<String> = []
    private let display: FieldValueDisplay

    init(cache: RecordPageCache, columns: [RecordColumns.Column], display: FieldValueDisplay) {
        self.cache = cache
        self.columns = columns
        self.display = display
    }

    var rowCount: RowCount {
        RowCount(loaded: cache.knownCount, total: cache.isComplete ? cache.knownCount : expectedTotal)
    }

    func cells(forRow row: Int) -> [TableCell] {
        guard let record = cache.record(at: row) else {
            return [TableCell("…", role: .muted)] + columns.map { _ in TableCell("") }
        }
        let name = record.recordName ?? ""
        let nameCell = marked.contains(name) ? TableCell("● " + name, role: .success) : TableCell(name)
        return [nameCell] + columns.map { TableCell($0.text(in: record, display: display)) }
    }
}
