import CKModel
import CKSchema
import TerminalKit

/// Every index of an environment as the indexes screen shows it: record type, field and its type, the kind of
/// index, and the entries and bytes it stores (from the statistics).
enum IndexRows {
    /// One index: a kind of index on a field of a record type.
    struct Entry: Equatable {
        var recordType: String
        var field: Field
        var kind: IndexKind

        /// What the filter matches: `Party.name QUERYABLE`.
        var name: String { "\(recordType).\(field.name) \(kind.rawValue)" }
    }

    /// The table's columns.
    static let columns = [
        TableColumn("RECORD TYPE", width: .flexible(minimum: 12)),
        TableColumn("FIELD", width: .flexible(minimum: 14)),
        TableColumn("TYPE", width: .flexible(minimum: 10)),
        TableColumn("INDEX", width: .fixed(10)),
        TableColumn("ENTRIES", width: .fixed(9), alignment: .trailing),
        TableColumn("SIZE", width: .fixed(10), alignment: .trailing),
    ]

    /// Every index of `schema` by record type, then field as the fields screen orders them (the type's own, then
    /// the system fields), then kind.
    static func entries(of schema: Schema) -> [Entry] {
        schema.recordTypes.sorted { $0.name < $1.name }.flatMap { type in
            FieldRows.fields(of: type).flatMap { field in
                field.indexes.sorted().map { Entry(recordType: type.name, field: field, kind: $0) }
            }
        }
    }

    /// One row per index; entries and size are `…` until the statistics came.
    static func rows(_ entries: [Entry], statistics: [String: ManagementStatistics.RecordType]?) -> TableRows {
        TableRows(entries.map { entry -> [TableCell] in
            let counts: [TableCell] = if let statistics {
                [TableCell(Counting.grouped(stored(entry, in: statistics)?.entries ?? 0), role: .muted),
                 TableCell(Counting.size(stored(entry, in: statistics)?.bytes ?? 0), role: .muted)]
            } else {
                [TableCell("…", role: .muted), TableCell("…", role: .muted)]
            }
            return [
                TableCell(entry.recordType), TableCell(entry.field.name, role: entry.field.isSystemField ? .muted : nil),
                TableCell(entry.field.type.description), TableCell(entry.kind.rawValue),
            ] + counts
        })
    }

    /// What the statistics say `entry` stores.
    static func stored(_ entry: Entry, in statistics: [String: ManagementStatistics.RecordType]) -> ManagementStatistics.Index? {
        statistics[entry.recordType]?.indexes.first { $0.field == entry.field.name && $0.index == entry.kind.rawValue }
    }

    /// The queries an index of `kind` on `field` serves, which fail without it.
    static func queries(servedBy kind: IndexKind, on field: String) -> String {
        switch kind {
        case .queryable: "equality, list and prefix filters on \(field)"
        case .sortable: "range filters and sorts on \(field)"
        case .searchable: "token searches on \(field)"
        }
    }
}
