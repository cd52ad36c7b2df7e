import CKModel

/// A query as the records screen runs it, a page at a time: the query, its zone, the fields to return and how
/// many records at most. Each page's request body comes from here, so the JSON the query builder shows is the
/// one the records screen sends.
struct QueryPaging: Hashable, Sendable {
    /// The record type, filters and sort order.
    var query: Query
    /// The zone searched; the default zone when `nil`.
    var zone: ZoneID?
    /// The fields to return; all when `nil`.
    var desiredKeys: [String]?
    /// At most this many records in all; every match when `nil`.
    var resultsLimit: Int?

    /// Records per page: CloudKit answers at most 200.
    static let pageSize = 200

    /// The body of the request for the page that starts at record `offset`, continuing from `marker`; `nil`
    /// once `offset` reached the limit.
    func request(from offset: Int, marker: String?) -> RecordsQuery.Request? {
        let room = resultsLimit.map { $0 - offset } ?? Self.pageSize
        guard room > 0 else { return nil }
        return RecordsQuery.Request(
            query: query, zoneID: zone, resultsLimit: min(room, Self.pageSize), continuationMarker: marker, desiredKeys: desiredKeys)
    }

    /// The marker to keep after a page of `count` records that started at `offset`: none once the limit is
    /// reached, so the page counts as the last.
    func marker(after offset: Int, count: Int, answered marker: String?) -> String? {
        if let resultsLimit, offset + count >= resultsLimit { return nil }
        return marker
    }
}
