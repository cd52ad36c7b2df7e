import CKModel

extension Field {
    /// The value types a just-in-time field is made SORTABLE for.
    public static let justInTimeSortableTypes: Set<ValueType> = [.string, .int64, .double, .timestamp]

    /// The field development's just-in-time schema makes for the first value saved under `name`: the value's type
    /// (a list for a list), QUERYABLE, and SORTABLE where the type sorts, so that development can query anything.
    public static func justInTime(_ name: String, for value: FieldValue) -> Field {
        let isList = if case .list = value { true } else { false }
        let type = FieldType(.value(value.valueType), isList: isList)
        var indexes: Set<IndexKind> = [.queryable]
        if !isList, justInTimeSortableTypes.contains(value.valueType) {
            indexes.insert(.sortable)
        }
        return Field(name, type, indexes: indexes.filter { IndexRules.problem(with: $0, on: type) == nil })
    }
}
