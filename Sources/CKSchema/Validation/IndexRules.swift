import CKModel

/// Which indexes make sense for which field types.
public enum IndexRules {
    /// Why `index` cannot be put on a field of `type`; `nil` when it can.
    public static func problem(with index: IndexKind, on type: FieldType) -> String? {
        if type.primitive.isEncrypted {
            return "encrypted fields cannot be indexed (the server never sees their values)"
        }
        switch type.valueType {
        case .asset?:
            return "ASSET fields cannot be indexed"
        case .bytes?:
            return "BYTES fields cannot be indexed"
        default:
            break
        }
        switch index {
        case .searchable where type.valueType != .string:
            return "SEARCHABLE is a text index and needs a STRING or LIST<STRING> field, not \(type)"
        case .sortable where type.isList:
            return "SORTABLE cannot sort by a list (\(type)); use QUERYABLE for LIST_CONTAINS filters"
        default:
            return nil
        }
    }
}
