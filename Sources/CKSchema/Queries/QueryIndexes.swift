import CKModel

/// The indexes a query needs on its record type, as CloudKit requires them: QUERYABLE for equality, lists,
/// prefixes and NEAR, SORTABLE for ranges and sorting, SEARCHABLE for token search, and QUERYABLE on
/// `___recordID` for a query without filters.
///
/// The server refuses a query whose indexes are missing and the dashboard's query builder says beside each row
/// whether its index exists; both read these rules, so they cannot disagree.
public enum QueryIndexes {
    /// One index a part of a query needs: a field and the kind of index on it.
    public struct Requirement: Hashable, Sendable {
        /// The field filtered or sorted on.
        public var field: QueryField
        /// The index it needs.
        public var index: IndexKind

        /// A requirement of `index` on `field`.
        public init(_ field: QueryField, _ index: IndexKind) {
            self.field = field
            self.index = index
        }

        /// Whether `recordType` declares the index (system fields carry indexes only where the schema declares
        /// them, as `___createTime` …).
        public func isMet(by recordType: RecordType) -> Bool {
            recordType.field(named: field.schemaFieldName)?.indexes.contains(index) == true
        }
    }

    /// What a query without filters needs: QUERYABLE on `___recordID` ("Field 'recordName' is not marked queryable").
    public static let unfiltered = Requirement(.system(.recordName), .queryable)

    /// The index `comparator` reads: SORTABLE for ranges, SEARCHABLE for tokens, QUERYABLE for the rest.
    public static func index(for comparator: FilterComparator) -> IndexKind {
        switch comparator {
        case .lessThan, .lessThanOrEquals, .greaterThan, .greaterThanOrEquals: .sortable
        case .containsAllTokens, .containsAnyTokens: .searchable
        default: .queryable
        }
    }

    /// The index `filter` needs on its field.
    public static func requirement(for filter: Filter) -> Requirement {
        Requirement(filter.field, index(for: filter.comparator))
    }

    /// The index a sort needs on its field: SORTABLE.
    public static func requirement(for sort: SortDescriptor) -> Requirement {
        Requirement(sort.field, .sortable)
    }
}
