import CKModel
import Foundation
import TerminalKit

/// The audit log's rows: the entries fetched so far, newest first, those the `/` text matches, a cell per column,
/// and where the next page starts. Entries are small, so every page fetched stays; the next one is fetched only
/// when the user scrolls near the end.
final class AuditRowsSource: TableDataSource {
    /// The table's columns.
    static let columns = [
        TableColumn("TIME", width: .fixed(19)),
        TableColumn("TOKEN", width: .flexible(minimum: 8)),
        TableColumn("KIND", width: .flexible(minimum: 15)),
        TableColumn("TARGET", width: .flexible(minimum: 10)),
        TableColumn("SUMMARY", width: .flexible(minimum: 12, weight: 3)),
    ]

    /// Every entry fetched, newest first.
    private(set) var entries: [ManagementAudit.Entry] = []
    /// The entries the text matches, in the same order.
    private(set) var visible: [ManagementAudit.Entry] = []
    /// The `/` text in force.
    private(set) var text = ""
    /// The marker that fetches the next page; `nil` before the first page and after the last.
    private(set) var nextMarker: String?
    /// Whether the last page was fetched.
    private(set) var isComplete = false
    private let display: FieldValueDisplay

    init(display: FieldValueDisplay) {
        self.display = display
    }

    var rowCount: RowCount {
        RowCount(loaded: visible.count, total: isComplete ? visible.count : nil)
    }

    func cells(forRow row: Int) -> [TableCell] {
        let entry = visible[row]
        return [
            TableCell(display.date(Timestamp(millisecondsSince1970: entry.timestamp).date)), TableCell(entry.tokenName), TableCell(entry.action),
            TableCell(entry.target), TableCell(entry.changes.joined(separator: "; "), role: .muted),
        ]
    }

    /// Adds a page fetched after the others.
    func append(_ page: ManagementAudit.Response) {
        entries += page.entries
        visible += page.entries.filter(matches)
        nextMarker = page.continuationMarker
        isComplete = page.continuationMarker == nil
    }

    /// Keeps the entries whose token, kind, container, target or changes contain `text`, ignoring case.
    func narrow(to text: String) {
        self.text = text
        visible = entries.filter(matches)
    }

    private func matches(_ entry: ManagementAudit.Entry) -> Bool {
        guard !text.isEmpty else { return true }
        let fields = [entry.tokenName, entry.action, entry.containerID?.rawValue ?? "", entry.target] + entry.changes
        return fields.contains { $0.localizedCaseInsensitiveContains(text) }
    }
}
