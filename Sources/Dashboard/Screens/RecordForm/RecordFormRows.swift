import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The record form's table: the record's name, then a line per field with its type and value, changed fields
/// marked `•`; during a conflict, a line per differing field with both values and the one kept.
enum RecordFormRows {
    /// The columns while editing.
    static let columns = [
        TableColumn("", width: .fixed(1)),
        TableColumn("FIELD", width: .flexible(minimum: 14, weight: 1)),
        TableColumn("TYPE", width: .fixed(16)),
        TableColumn("VALUE", width: .flexible(minimum: 20, weight: 3)),
    ]

    /// The columns during a conflict.
    static let conflictColumns = [
        TableColumn("FIELD", width: .flexible(minimum: 12, weight: 1)),
        TableColumn("YOURS", width: .flexible(minimum: 14, weight: 2)),
        TableColumn("SERVER'S", width: .flexible(minimum: 14, weight: 2)),
        TableColumn("KEEP", width: .fixed(8)),
    ]

    /// The rows of `draft`: its name first, then its fields.
    static func rows(of draft: RecordDraft, display: FieldValueDisplay) -> TableRows {
        let changed = draft.changedFields
        let nameRow = [
            TableCell(draft.isNew && !draft.recordName.isEmpty ? "•" : "", role: .success), TableCell("recordName", role: .muted),
            TableCell("STRING", role: .muted),
            draft.recordName.isEmpty ? TableCell("(the server names it)", role: .muted) : TableCell(draft.recordName, role: draft.isNew ? nil : .muted),
        ]
        let fieldRows = draft.fields.map { field in
            [
                TableCell(changed.contains(field.name) ? "•" : "", role: .success), TableCell(EncryptedMark.name(field.name, type: field.type)), TableCell(field.type.description, role: .muted),
                valueCell(draft, field: field.name, display: display),
            ]
        }
        return TableRows([nameRow] + fieldRows)
    }

    /// The rows of `conflict`: each differing field with both values, the kept one highlighted.
    static func rows(of conflict: RecordConflict, display: FieldValueDisplay) -> TableRows {
        TableRows(conflict.differences.map { difference in
            [
                TableCell(difference.field, role: difference.changedOnBothSides ? .warning : nil),
                TableCell(text(difference.mine, display: display), role: difference.kept == .mine ? .success : .muted),
                TableCell(text(difference.server, display: display), role: difference.kept == .server ? .success : .muted),
                TableCell(difference.kept == .mine ? "yours" : "server's"),
            ]
        })
    }

    private static func valueCell(_ draft: RecordDraft, field: String, display: FieldValueDisplay) -> TableCell {
        if let path = draft.assetFiles[field] { return TableCell("\(LocalFile.url(for: path).lastPathComponent) (uploaded on save)", role: .success) }
        guard let value = draft.values[field] else { return TableCell("(no value)", role: .muted) }
        return TableCell(display.text(value))
    }

    private static func text(_ value: FieldValue?, display: FieldValueDisplay) -> String {
        value.map(display.text) ?? "(no value)"
    }
}
