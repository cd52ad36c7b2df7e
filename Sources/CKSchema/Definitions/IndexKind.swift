/// An index a field may carry.
public enum IndexKind: String, CaseIterable, Hashable, Sendable, Comparable, Codable {
    /// Equality lookups (`EQUALS`, `IN`, `LIST_CONTAINS` …).
    case queryable = "QUERYABLE"
    /// Tokenised full-text search (`CONTAINS_ALL_TOKENS` …), on strings.
    case searchable = "SEARCHABLE"
    /// Ranges and sorting (`LESS_THAN`, `sortBy` …).
    case sortable = "SORTABLE"

    /// Alphabetical, the order cktool writes them in.
    public static func < (lhs: IndexKind, rhs: IndexKind) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
