/// How a query filter compares a field with its value.
public enum FilterComparator: String, CaseIterable, Hashable, Sendable, Codable {
    case equals = "EQUALS"
    case notEquals = "NOT_EQUALS"
    case lessThan = "LESS_THAN"
    case lessThanOrEquals = "LESS_THAN_OR_EQUALS"
    case greaterThan = "GREATER_THAN"
    case greaterThanOrEquals = "GREATER_THAN_OR_EQUALS"
    /// A LOCATION within `distance` meters of the value.
    case near = "NEAR"
    /// The field's value is one of a list (the value needs a list type tag).
    case `in` = "IN"
    case notIn = "NOT_IN"
    /// The text contains every token of the value.
    case containsAllTokens = "CONTAINS_ALL_TOKENS"
    /// The text contains at least one token of the value.
    case containsAnyTokens = "CONTAINS_ANY_TOKENS"
    /// A string prefix, case-sensitive.
    case beginsWith = "BEGINS_WITH"
    case notBeginsWith = "NOT_BEGINS_WITH"
    /// A list field contains the value.
    case listContains = "LIST_CONTAINS"
    case notListContains = "NOT_LIST_CONTAINS"
    /// A list field contains none of the values.
    case notListContainsAny = "NOT_LIST_CONTAINS_ANY"
    /// A list field contains every one of the values.
    case listContainsAll = "LIST_CONTAINS_ALL"
    case notListContainsAll = "NOT_LIST_CONTAINS_ALL"
    /// Some member of a list field starts with the value.
    case listMemberBeginsWith = "LIST_MEMBER_BEGINS_WITH"
    case notListMemberBeginsWith = "NOT_LIST_MEMBER_BEGINS_WITH"
    /// A list field contains at least one of the values (cktool's spelling; accepted by this server).
    case listContainsAny = "LIST_CONTAINS_ANY"

    /// Reads a comparator, accepting cktool's `LIST_NOT_CONTAINS_ANY` for `NOT_LIST_CONTAINS_ANY`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        if let comparator = FilterComparator(rawValue: name) {
            self = comparator
        } else if name == "LIST_NOT_CONTAINS_ANY" {
            self = .notListContainsAny
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown comparator '\(name)'")
        }
    }
}
