import CKModel
import CKSchema
import TerminalKit

/// What the query builder shows for each row, with no I/O: the parts' text, and beside each filter and sort key
/// whether the index it needs exists in the session's environment.
enum QueryBuilderRows {
    /// One line of the builder: a section heading, or a row with its parts and its index note.
    struct Line: Equatable {
        /// The row, or `nil` for a heading.
        var row: QueryBuilderRow?
        /// The heading, or the texts of the row's parts.
        var parts: [String]
        /// Whether the index the row needs exists.
        var note: IndexNote?
        /// Whether the last part is a placeholder, such as a value not typed yet.
        var isPlaceholder = false
    }

    /// Whether the index a filter or sort key needs exists.
    enum IndexNote: Equatable {
        /// It does.
        case present
        /// It does not: the index and the field in the schema language (`___createTime`).
        case missing(IndexKind, field: String)
        /// The record type has no such field in this environment.
        case unknownField(String)

        /// `✓`, `needs QUERYABLE on location`, `no field x in production`.
        func text(environment: ContainerEnvironment) -> String {
            switch self {
            case .present: "✓"
            case .missing(let index, let field): "needs \(index.rawValue) on \(field)"
            case .unknownField(let name): "no field \(name) in \(environment.rawValue)"
            }
        }

        /// Why a query with this note cannot run, for the status line (empty when it can).
        func reason(recordType: String, environment: ContainerEnvironment) -> String {
            switch self {
            case .present: ""
            case .missing(let index, let field):
                "the query needs \(index.rawValue) on \(field) in \(environment.rawValue): \(MissingIndex.remedy(in: environment)) (r fetches the schema again if it changed)"
            case .unknownField(let name): "\(recordType) has no field \(name) in \(environment.rawValue)"
            }
        }

        /// The role it is drawn in.
        var role: ThemeRole {
            switch self {
            case .present: .success
            case .missing: .warning
            case .unknownField: .error
            }
        }
    }

    /// The lines of `draft` on `recordType` (`nil` until the schema came, when no note is shown).
    static func lines(of draft: QueryDraft, recordType: RecordType?, display: FieldValueDisplay) -> [Line] {
        let fields = recordType.map(QueryFields.init)
        var lines = [Line(row: nil, parts: ["Filters (all must hold)"])]
        for (index, row) in draft.filters.enumerated() {
            let requirement = QueryIndexes.Requirement(row.field, QueryIndexes.index(for: row.comparator))
            lines.append(Line(
                row: .filter(index), parts: [row.field.wireName, FilterExpression.symbol(for: row.comparator), valueText(row, display: display)],
                note: recordType.map { note(for: requirement, in: $0, fields: fields) }, isPlaceholder: row.value == nil))
        }
        let unfiltered = draft.filters.isEmpty ? recordType.map { note(for: QueryIndexes.unfiltered, in: $0, fields: fields) } : nil
        lines.append(Line(row: .addFilter, parts: [draft.filters.isEmpty ? "+ add a filter (none: every record)" : "+ add a filter"], note: unfiltered))
        lines.append(Line(row: nil, parts: ["Sort"]))
        for (index, sort) in draft.sorts.enumerated() {
            lines.append(Line(
                row: .sort(index), parts: [sort.field.wireName, sort.ascending ? "ascending ▲" : "descending ▼"],
                note: recordType.map { note(for: QueryIndexes.requirement(for: sort), in: $0, fields: fields) }))
        }
        lines.append(Line(row: .addSort, parts: [draft.sorts.isEmpty ? "+ add a sort key (none: the server's order)" : "+ add a sort key"]))
        lines.append(Line(row: nil, parts: ["Results"]))
        lines.append(Line(row: .fields, parts: ["Fields to return", draft.desiredKeys.map { $0.joined(separator: ", ") } ?? "all"]))
        lines.append(Line(row: .limit, parts: ["Limit", draft.resultsLimit.map { Counting.grouped($0) } ?? "none: every match"]))
        lines.append(Line(row: .run, parts: ["▶ Run"]))
        return lines
    }

    /// Whether `recordType` has the index `requirement` asks for, or the field at all.
    static func note(for requirement: QueryIndexes.Requirement, in recordType: RecordType, fields: QueryFields?) -> IndexNote {
        if case .field(let name) = requirement.field, fields?.type(of: requirement.field) == nil {
            return .unknownField(name)
        }
        return requirement.isMet(by: recordType) ? .present : .missing(requirement.index, field: requirement.field.schemaFieldName)
    }

    /// The value of a filter row as shown: dates in the dashboard's time zone, NEAR with its radius.
    static func valueText(_ row: QueryDraft.FilterRow, display: FieldValueDisplay) -> String {
        guard let value = row.value else { return "(no value: Enter types it)" }
        guard row.comparator == .near else { return display.text(value) }
        let meters = row.distance ?? 0
        let radius = meters >= 1000 ? "\(Counting.plain(meters / 1000)) km" : "\(Counting.plain(meters)) m"
        return "within \(radius) of \(display.text(value))"
    }
}
