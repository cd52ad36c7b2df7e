import CKModel

/// The pages of a query, each requested with the previous page's `continuationMarker`.
public typealias ContinuationSequence = PageSequence<QueryPage>

extension CloudKitClient {
    /// Every page of the records matching `query`, fetched one request per page as the loop asks for it.
    ///
    /// ```swift
    /// for try await page in client.queryPages(Query(recordType: "Party"), resultsLimit: 100) {
    ///     for case .success(let record) in page.records { print(record.recordName ?? "") }
    /// }
    /// ```
    /// - Parameters:
    ///   - query: The record type, filters and sort order.
    ///   - zone: The zone searched; the default zone when `nil`.
    ///   - desiredKeys: The fields to return; all when `nil`.
    ///   - resultsLimit: Records per page (the server's maximum when `nil`).
    ///   - zoneWide: Search every zone (ignored when `zone` is given).
    public func queryPages(
        _ query: Query, in zone: ZoneID? = nil, desiredKeys: [String]? = nil, resultsLimit: Int? = nil, zoneWide: Bool? = nil
    ) -> ContinuationSequence {
        PageSequence(start: nil, fetch: { marker in
            try await self.queryRecords(
                query, in: zone, desiredKeys: desiredKeys, resultsLimit: resultsLimit, continuationMarker: marker, zoneWide: zoneWide)
        }, cursorAfter: \.continuationMarker)
    }
}
