/// A query: the records of one type that pass every filter, in the order of the sort descriptors.
public struct Query: Hashable, Sendable, Codable {
    /// The record type searched.
    public var recordType: String
    /// Conditions, all of which a record must meet.
    public var filterBy: [Filter]?
    /// Sort keys, most significant first.
    public var sortBy: [SortDescriptor]?

    /// Creates a query.
    public init(recordType: String, filterBy: [Filter]? = nil, sortBy: [SortDescriptor]? = nil) {
        self.recordType = recordType
        self.filterBy = filterBy
        self.sortBy = sortBy
    }
}
