import CKModel

/// One page of a query's records.
public struct QueryPage: Sendable {
    /// The records, each as a record or the error that kept it out, in the query's order.
    public var records: [Result<Record, CloudKitClientError>]
    /// Present when more records match: pass it back unchanged for the next page.
    public var continuationMarker: String?

    /// Creates a page.
    public init(records: [Result<Record, CloudKitClientError>], continuationMarker: String?) {
        self.records = records
        self.continuationMarker = continuationMarker
    }
}
