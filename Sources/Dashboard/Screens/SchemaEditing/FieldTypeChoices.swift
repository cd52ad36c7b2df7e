import CKModel
import CKSchema

/// The types a new field can have, as the add-field picker lists them: each value type, its list, and the
/// encrypted forms of the types that can be encrypted.
enum FieldTypeChoices {
    /// Every type, a value type's forms together: `STRING`, `LIST<STRING>`, `ENCRYPTED STRING`,
    /// `LIST<ENCRYPTED STRING>`, then `INT64` …
    static let all: [FieldType] = ValueType.allCases.flatMap { value -> [FieldType] in
        let plain = [FieldType.value(value), FieldType.list(value)]
        guard PrimitiveType.encryptableTypes.contains(value) else { return plain }
        return plain + [FieldType(.encrypted(value)), FieldType(.encrypted(value), isList: true)]
    }

    /// The indexes a field of `type` can carry, beyond those in `existing`.
    static func indexes(for type: FieldType, besides existing: Set<IndexKind> = []) -> [IndexKind] {
        [IndexKind.queryable, .sortable, .searchable].filter { !existing.contains($0) && IndexRules.problem(with: $0, on: type) == nil }
    }

    /// What the picker says beside a type: the indexes it can carry.
    static func detail(for type: FieldType) -> String {
        let indexes = indexes(for: type)
        return indexes.isEmpty ? "no index" : indexes.map(\.rawValue).joined(separator: " ")
    }
}
