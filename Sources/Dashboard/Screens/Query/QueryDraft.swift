import CKModel
import CKSchema

/// The query the builder edits: filter rows (a new row lacks its value until it is typed), sort keys, the
/// fields to return and a limit. Complete, it becomes the `QueryPaging` the records screen runs, a saved query,
/// a command line and a JSON request.
struct QueryDraft: Equatable {
    /// One filter row: a field, a comparator valid for its type, and the value compared with.
    struct FilterRow: Equatable {
        var field: QueryField
        var comparator: FilterComparator
        /// The value; `nil` until the row's value is typed.
        var value: FieldValue?
        /// With NEAR: the radius in meters.
        var distance: Double?

        /// The filter, once the row has its value.
        var filter: Filter? {
            value.map { Filter(field, comparator, $0, distance: comparator == .near ? distance : nil) }
        }
    }

    /// The record type queried.
    var recordType: String
    /// The filters, all of which a record must meet.
    var filters: [FilterRow]
    /// The sort keys, most significant first.
    var sorts: [CKModel.SortDescriptor]
    /// The fields to return; all when `nil`.
    var desiredKeys: [String]?
    /// At most this many records; every match when `nil`.
    var resultsLimit: Int?
    /// The name it was saved or loaded under, offered again when saving.
    var name: String?

    /// A draft of `query` on `recordType` (its type wins when given), or an empty one.
    init(recordType: String, query: Query? = nil, desiredKeys: [String]? = nil, resultsLimit: Int? = nil) {
        self.recordType = query?.recordType ?? recordType
        filters = (query?.filterBy ?? []).map { FilterRow(field: $0.field, comparator: $0.comparator, value: $0.fieldValue, distance: $0.distance) }
        sorts = query?.sortBy ?? []
        self.desiredKeys = desiredKeys
        self.resultsLimit = resultsLimit
    }

    /// The query the rows describe; a row without its value is an error that says which row.
    func query() throws(QueryDraftError) -> Query {
        var built: [Filter] = []
        for (index, row) in filters.enumerated() {
            guard let filter = row.filter else {
                throw QueryDraftError(
                    "filter \(index + 1) (\(row.field.wireName) \(FilterExpression.symbol(for: row.comparator))) has no value: Enter on it types one")
            }
            built.append(filter)
        }
        return Query(recordType: recordType, filterBy: built.nilIfEmpty, sortBy: sorts.nilIfEmpty)
    }

    /// The draft as the records screen runs it in `zone`.
    func paging(in zone: ZoneID?) throws(QueryDraftError) -> QueryPaging {
        QueryPaging(query: try query(), zone: zone, desiredKeys: desiredKeys, resultsLimit: resultsLimit)
    }

    /// Points filter `index` at `field` of `type`: the comparator stays when the new type allows it (else the
    /// type's first), and so does the value when it is still of the right type.
    mutating func setField(_ field: QueryField, type: FieldType, ofFilter index: Int) {
        let old = filters[index]
        let valid = QueryComparators.valid(for: type)
        let comparator = valid.contains(old.comparator) ? old.comparator : valid.first ?? .equals
        let keepsValue = old.value.map { Self.value($0, fits: FilterExpression.valueType(of: comparator, on: type)) } ?? false
        filters[index] = FilterRow(field: field, comparator: comparator, value: keepsValue ? old.value : nil, distance: old.distance)
    }

    /// Changes the comparator of filter `index` on a field of `type`, keeping the value when it still fits.
    mutating func setComparator(_ comparator: FilterComparator, type: FieldType?, ofFilter index: Int) {
        let keepsValue = filters[index].value.map { Self.value($0, fits: FilterExpression.valueType(of: comparator, on: type)) } ?? false
        filters[index].comparator = comparator
        if !keepsValue { filters[index].value = nil }
    }

    /// Whether `value` is of `type` (a list of its elements for a list type).
    private static func value(_ value: FieldValue, fits type: FieldType?) -> Bool {
        guard let type, let valueType = type.valueType else { return true }
        if case .list(let list) = value { return type.isList && list.valueType == valueType }
        return !type.isList && value.valueType == valueType
    }
}

/// A draft that cannot run yet, with what to do about it.
struct QueryDraftError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
