import CKModel

/// Which comparators a filter may use on a field of a given type: equality, ranges and `IN` on scalars,
/// prefixes and token search on text, `NEAR` on locations, membership on lists. Assets, bytes and encrypted
/// fields cannot be indexed (see `IndexRules`), so nothing filters on them.
public enum QueryComparators {
    /// The comparators that make sense on a field of `type`, the most common first; none for a type no index
    /// can be put on.
    public static func valid(for type: FieldType) -> [FilterComparator] {
        guard !type.primitive.isEncrypted else { return [] }
        let valueType = type.valueType
        if type.isList {
            switch valueType {
            case .asset?, .bytes?: return []
            case .string?: return membership + [.listMemberBeginsWith, .notListMemberBeginsWith, .containsAllTokens, .containsAnyTokens]
            default: return membership
            }
        }
        switch valueType {
        case .string?:
            return [.equals, .notEquals, .beginsWith, .notBeginsWith, .containsAllTokens, .containsAnyTokens, .in, .notIn] + ranges
        case .int64?, .double?, .timestamp?, nil:
            return [.equals, .notEquals] + ranges + [.in, .notIn]
        case .reference?:
            return [.equals, .notEquals, .in, .notIn]
        case .location?:
            return [.near]
        case .asset?, .bytes?:
            return []
        }
    }

    /// Whether a field of `type` can be sorted on: a single value that has an order (not a list, a location,
    /// an asset or bytes).
    public static func isSortable(_ type: FieldType) -> Bool {
        guard !type.isList, !type.primitive.isEncrypted else { return false }
        switch type.valueType {
        case .location?, .asset?, .bytes?: return false
        default: return true
        }
    }

    private static let ranges: [FilterComparator] = [.lessThan, .lessThanOrEquals, .greaterThan, .greaterThanOrEquals]

    private static let membership: [FilterComparator] = [
        .listContains, .notListContains, .listContainsAny, .notListContainsAny, .listContainsAll, .notListContainsAll,
    ]
}
