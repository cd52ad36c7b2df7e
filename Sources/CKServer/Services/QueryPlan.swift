import CKModel
import CKSchema

/// How a query runs: which index it reads in which order, and the filters every record read must meet.
///
/// The index a query reads decides its cost, which grows with the page, not with the type's size: a sort
/// reads the sort field's index in order (a sort by distance reads bands of latitude around its point, widening
/// until they hold the page); otherwise the first filter with a range (equality, comparison,
/// prefix, list membership, a band of latitudes for NEAR) or a token search narrows the read; a query without
/// filters reads the type's records by name. Every filter is then checked on each record read.
struct QueryPlan {
    /// Where candidate records come from.
    enum Driver: Equatable {
        case index(IndexScan)
        case search(tokens: [String], matchAll: Bool, fieldName: String)
        case names
        /// Nearest first from a point: a LOCATION field's index read in widening bands of latitude.
        case distance(fieldName: String, center: Location)
    }

    var recordTypeName: String
    var driver: Driver
    var filters: [Filter]
    var sortBy: [SortDescriptor]

    /// Whether reading a record must decode its fields: to check a filter, to order by several sorts, or to
    /// answer a record of a list index at its first entry. Reading a type by name needs none of that.
    var readsFields: Bool {
        driver != .names || !filters.isEmpty || sortBy.count > 1
    }

    /// Checks the query against the type's indexes (CloudKit's errors when one is missing) and picks a driver.
    /// A subscription's query is matched against saved records rather than read from an index, so it may have
    /// no filter without `___recordID` being QUERYABLE.
    static func make(_ query: Query, recordType: RecordType, forSubscription: Bool = false) throws -> QueryPlan {
        let filters = query.filterBy ?? []
        let sortBy = query.sortBy ?? []
        if filters.isEmpty, !forSubscription {
            try require(QueryIndexes.unfiltered, in: recordType)
        }
        for filter in filters {
            try require(QueryIndexes.requirement(for: filter), in: recordType)
            if filter.comparator == .near, filter.distance == nil {
                throw ServerError(.badRequest, reason: "a NEAR filter needs a distance in meters")
            }
        }
        for sort in sortBy {
            try require(QueryIndexes.requirement(for: sort), in: recordType)
        }
        if let sort = sortBy.first(where: { $0.relativeLocation != nil }), let center = sort.relativeLocation {
            let name = sort.field.schemaFieldName
            guard recordType.field(named: name)?.type == .value(.location) else {
                throw ServerError(.badRequest, reason: "Field '\(sort.field.wireName)' is not a LOCATION: only a location sorts by distance")
            }
            guard sortBy.count == 1, sort.ascending else {
                throw ServerError(.badRequest, reason: "a sort by distance (relativeLocation) must be the query's only sort, nearest first")
            }
            return QueryPlan(recordTypeName: recordType.name, driver: .distance(fieldName: name, center: center), filters: filters, sortBy: [])
        }
        return QueryPlan(
            recordTypeName: recordType.name, driver: driver(recordType.name, filters: filters, sortBy: sortBy), filters: filters,
            sortBy: sortBy)
    }

    /// CloudKit's error for a missing index: "Field 'x' is not marked queryable".
    private static func require(_ requirement: QueryIndexes.Requirement, in recordType: RecordType) throws {
        guard requirement.isMet(by: recordType) else {
            throw ServerError(.badRequest, reason: "Field '\(requirement.field.wireName)' is not marked \(requirement.index.rawValue.lowercased())")
        }
    }

    private static func driver(_ type: String, filters: [Filter], sortBy: [SortDescriptor]) -> Driver {
        if let sort = sortBy.first {
            // Read the sort field's index in order, narrowed by the filters on the same field.
            var scan = IndexScan(recordType: type, fieldName: sort.field.schemaFieldName, descending: !sort.ascending)
            for filter in filters where filter.field == sort.field {
                guard let range = rangeScan(type, filter) else { continue }
                if let lower = range.lower, scan.lower.map({ $0.value < lower.value }) ?? true {
                    scan.lower = lower
                }
                if let upper = range.upper, scan.upper.map({ upper.value < $0.value }) ?? true {
                    scan.upper = upper
                }
            }
            return .index(scan)
        }
        for filter in filters {
            if let scan = rangeScan(type, filter) {
                return .index(scan)
            }
        }
        for filter in filters where filter.comparator == .containsAllTokens || filter.comparator == .containsAnyTokens {
            if case .string(let text) = filter.fieldValue {
                let tokens = TextTokens.tokens(text)
                if !tokens.isEmpty {
                    return .search(tokens: tokens, matchAll: filter.comparator == .containsAllTokens, fieldName: filter.field.schemaFieldName)
                }
            }
        }
        return .names
    }

    /// The part of a field's index that holds every record meeting `filter`, when there is one.
    private static func rangeScan(_ type: String, _ filter: Filter) -> IndexScan? {
        let field = filter.field.schemaFieldName
        func scan(_ lower: IndexScan.Bound?, _ upper: IndexScan.Bound?) -> IndexScan {
            IndexScan(recordType: type, fieldName: field, lower: lower, upper: upper)
        }
        switch filter.comparator {
        case .near:
            guard case .location(let center) = filter.fieldValue, let distance = filter.distance else { return nil }
            let degrees = distance / 111_000 + 0.000_001
            return scan(.init(.real(center.latitude - degrees), inclusive: true), .init(.real(center.latitude + degrees), inclusive: true))
        case .beginsWith, .listMemberBeginsWith:
            guard case .string(let prefix) = filter.fieldValue else { return nil }
            let folded = RecordIndexing.fold(prefix)
            return scan(.init(.text(folded), inclusive: true), .init(.text(folded + "\u{10FFFF}"), inclusive: false))
        default:
            break
        }
        guard let value = RecordIndexing.indexValue(filter.fieldValue) else { return nil }
        switch filter.comparator {
        case .equals, .listContains: return scan(.init(value, inclusive: true), .init(value, inclusive: true))
        case .lessThan: return scan(nil, .init(value, inclusive: false))
        case .lessThanOrEquals: return scan(nil, .init(value, inclusive: true))
        case .greaterThan: return scan(.init(value, inclusive: false), nil)
        case .greaterThanOrEquals: return scan(.init(value, inclusive: true), nil)
        default: return nil
        }
    }
}
