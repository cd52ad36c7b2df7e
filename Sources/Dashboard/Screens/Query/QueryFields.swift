import CKModel
import CKSchema

/// The fields a query on one record type can name, with their types and indexes: the type's own fields, then
/// the system fields under their web services names (`recordName`, `createdTimestamp` …).
struct QueryFields {
    /// A field a filter or sort can name.
    struct Entry: Equatable {
        /// The field as the query names it.
        let field: QueryField
        /// Its type (system fields always have the same one).
        let type: FieldType
        /// The indexes the schema declares on it in this environment.
        let indexes: Set<IndexKind>

        /// The type and indexes, as the pickers list them: `STRING · QUERYABLE SORTABLE`.
        var detail: String {
            let names = indexes.sorted().map(\.rawValue)
            return "\(type) · " + (names.isEmpty ? "no index" : names.joined(separator: " "))
        }
    }

    /// Every field, the type's own first.
    let entries: [Entry]

    /// The fields of `recordType`, then the system fields a schema can index.
    init(recordType: RecordType) {
        let own = recordType.fields.filter { !$0.isSystemField }.map { Entry(field: .field($0.name), type: $0.type, indexes: $0.indexes) }
        let system = SystemFieldName.allCases.compactMap { name -> Entry? in
            guard let declared = SystemField(rawValue: name.schemaFieldName) else { return nil }
            return Entry(field: .system(name), type: declared.type, indexes: recordType.field(named: declared.rawValue)?.indexes ?? [])
        }
        entries = own + system
    }

    /// The fields a filter can compare: those with a comparator for their type.
    var filterable: [Entry] {
        entries.filter { !QueryComparators.valid(for: $0.type).isEmpty }
    }

    /// The fields a sort can order by.
    var sortable: [Entry] {
        entries.filter { QueryComparators.isSortable($0.type) }
    }

    /// The type of `field`; `nil` for a field the record type does not have (a query saved in another
    /// environment).
    func type(of field: QueryField) -> FieldType? {
        entries.first { $0.field == field }?.type
    }
}
