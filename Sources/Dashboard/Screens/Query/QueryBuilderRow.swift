/// A row of the query builder that j and k move between, top to bottom: the filters, the row that adds one,
/// the sort keys, the row that adds one, the fields to return, the limit, and Run.
enum QueryBuilderRow: Hashable {
    case filter(Int)
    case addFilter
    case sort(Int)
    case addSort
    case fields
    case limit
    case run

    /// The rows of `draft`, in order.
    static func rows(of draft: QueryDraft) -> [QueryBuilderRow] {
        draft.filters.indices.map(QueryBuilderRow.filter) + [.addFilter] + draft.sorts.indices.map(QueryBuilderRow.sort)
            + [.addSort, .fields, .limit, .run]
    }

    /// How many parts Tab moves between: field, comparator and value of a filter; field and direction of a
    /// sort key; one elsewhere.
    var partCount: Int {
        switch self {
        case .filter: 3
        case .sort: 2
        default: 1
        }
    }

    /// Whether the row belongs to the sort section, where `a` adds a sort key rather than a filter.
    var isInSortSection: Bool {
        switch self {
        case .sort, .addSort: true
        default: false
        }
    }
}
