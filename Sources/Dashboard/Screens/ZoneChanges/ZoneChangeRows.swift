import TerminalKit

/// A zone's changes as the live view's table shows them, newest first: when, what happened, the record's type,
/// name and change tag.
enum ZoneChangeRows {
    /// The table's columns.
    static let columns = [
        TableColumn("TIME", width: .fixed(8)),
        TableColumn("CHANGE", width: .fixed(7)),
        TableColumn("RECORD TYPE", width: .flexible(minimum: 11)),
        TableColumn("RECORD NAME", width: .flexible(minimum: 14)),
        TableColumn("CHANGE TAG", width: .flexible(minimum: 10)),
    ]

    /// One row per change, dates in `display`'s time zone.
    static func rows(_ changes: [ZoneChange], display: FieldValueDisplay) -> TableRows {
        TableRows(changes.map { change in
            [
                TableCell(display.time(change.time), role: .muted), TableCell(change.kind.rawValue, role: role(of: change.kind)),
                TableCell(change.recordType), TableCell(change.recordName), TableCell(change.changeTag ?? "—", role: .muted),
            ]
        })
    }

    private static func role(of kind: ZoneChange.Kind) -> ThemeRole {
        switch kind {
        case .created: .success
        case .updated: .warning
        case .deleted: .error
        }
    }
}
