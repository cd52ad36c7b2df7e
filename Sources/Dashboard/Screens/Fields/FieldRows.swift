import CKModel
import CKSchema
import TerminalKit

/// A record type's fields as the fields screen shows them: its own fields, then the six system fields, each
/// with its type, its indexes and their size.
enum FieldRows {
    /// The table's columns.
    static let columns = [
        TableColumn("FIELD", width: .flexible(minimum: 14)),
        TableColumn("TYPE", width: .flexible(minimum: 10)),
        TableColumn("QUERYABLE", width: .fixed(9)),
        TableColumn("SORTABLE", width: .fixed(8)),
        TableColumn("SEARCHABLE", width: .fixed(10)),
        TableColumn("INDEX SIZE", width: .fixed(10), alignment: .trailing),
    ]

    /// The fields listed: declared ones by name, then every system field with the indexes the schema gives it.
    static func fields(of type: RecordType) -> [Field] {
        let own = type.fields.filter { !$0.isSystemField }.sorted { $0.name < $1.name }
        let system = SystemField.allCases.map { system in type.field(named: system.rawValue) ?? system.field }
        return own + system
    }

    /// One row per field; index sizes once the statistics came.
    static func rows(_ fields: [Field], statistics: ManagementStatistics.RecordType?) -> TableRows {
        TableRows(fields.map { field in
            func flag(_ kind: IndexKind) -> TableCell {
                field.indexes.contains(kind) ? TableCell("✓", role: .success) : TableCell("·", role: .muted)
            }
            let bytes = statistics?.indexes.filter { $0.field == field.name }.reduce(0) { $0 + $1.bytes }
            return [
                TableCell(EncryptedMark.name(field.name, type: field.type), role: field.isSystemField ? .muted : nil), TableCell(field.type.description),
                flag(.queryable), flag(.sortable), flag(.searchable),
                TableCell(field.indexes.isEmpty ? "" : bytes.map(Counting.size) ?? "…", role: .muted),
            ]
        })
    }
}
