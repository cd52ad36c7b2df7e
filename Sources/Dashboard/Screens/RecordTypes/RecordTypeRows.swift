import CKCoreData
import CKModel
import CKSchema
import TerminalKit

/// The record types as their screen's table shows them: name, records, fields, indexes and their size, and how
/// many lint warnings concern the type.
enum RecordTypeRows {
    /// The table's columns.
    static let columns = [
        TableColumn("RECORD TYPE", width: .flexible(minimum: 16)),
        TableColumn("RECORDS", width: .fixed(11), alignment: .trailing),
        TableColumn("FIELDS", width: .fixed(6), alignment: .trailing),
        TableColumn("INDEXES", width: .fixed(7), alignment: .trailing),
        TableColumn("DATA", width: .fixed(9), alignment: .trailing),
        TableColumn("INDEX SIZE", width: .fixed(10), alignment: .trailing),
        TableColumn("LINT", width: .fixed(4), alignment: .trailing),
    ]

    /// The types in the table's order: by the name it shows, Core Data's `CDMR` links (its bookkeeping, shown
    /// muted) after every type that holds records of an app's own.
    static func ordered(_ types: [RecordType]) -> [RecordType] {
        types.sorted { ($0.name == MirroredNames.linkType ? 1 : 0, displayName(of: $0.name)) < ($1.name == MirroredNames.linkType ? 1 : 0, displayName(of: $1.name)) }
    }

    /// A type as the table names it: a type Core Data mirrors by its entity, the CloudKit name beside
    /// (`Entry  (CD_Entry)`, `many-to-many links  (CDMR)`); any other by its name.
    static func displayName(of name: String) -> String {
        guard MirroredNames.isMirrored(recordType: name) else { return name }
        let entity = name == MirroredNames.linkType ? "many-to-many links" : String(name.dropFirst(MirroredNames.prefix.count))
        return "\(entity)  (\(name))"
    }

    /// One row per type; counts are `…` until the statistics came, `—` where the server cannot count (no
    /// management API); `⚠ 2` for a type with two lint warnings.
    static func rows(
        _ types: [RecordType], statistics: [String: ManagementStatistics.RecordType]?, isCounted: Bool = true, lint: LintWarnings
    ) -> TableRows {
        TableRows(types.map { type in
            let fields = type.fields.filter { !$0.isSystemField }.count
            let indexes = type.fields.reduce(0) { $0 + $1.indexes.count }
            let counts: [TableCell]
            if isCounted, let statistics {
                let stats = statistics[type.name]
                counts = [
                    TableCell(Counting.grouped(stats?.records ?? 0)), TableCell("\(fields)"), TableCell("\(indexes)"),
                    TableCell(Counting.size(stats?.recordBytes ?? 0), role: .muted),
                    TableCell(Counting.size(stats?.indexes.reduce(0) { $0 + $1.bytes } ?? 0), role: .muted),
                ]
            } else {
                let unknown = isCounted ? "…" : "—"
                counts = [
                    TableCell(unknown, role: .muted), TableCell("\(fields)"), TableCell("\(indexes)"), TableCell(unknown, role: .muted),
                    TableCell(unknown, role: .muted),
                ]
            }
            let warnings = lint.of(type.name).count
            let name = TableCell(displayName(of: type.name), role: type.name == MirroredNames.linkType ? .muted : nil)
            return [name] + counts + [TableCell(warnings == 0 ? "" : "⚠ \(warnings)", role: .warning)]
        })
    }
}
