import CKClient
import CKModel

/// Fetches one page of a query's records for the records screen, as `RecordPageCache` asks for them.
struct RecordsLoader: Sendable {
    let client: CloudKitClient

    /// The page a continuation marker leads to (the first page without one); records the server could not
    /// return are left out and counted.
    /// - Parameters:
    ///   - query: The record type, filters and sort order.
    ///   - zone: The zone; the default zone when `nil`.
    ///   - desiredKeys: The fields the table shows; all when `nil`.
    ///   - marker: The marker the previous page answered.
    ///   - pageSize: Records per page.
    func page(
        of query: Query, in zone: ZoneID?, desiredKeys: [String]?, marker: String?, pageSize: Int
    ) async throws -> (records: [Record], failed: Int, continuationMarker: String?) {
        let page = try await client.queryRecords(query, in: zone, desiredKeys: desiredKeys, resultsLimit: pageSize, continuationMarker: marker)
        var records: [Record] = []
        var failed = 0
        for result in page.records {
            if case .success(let record) = result { records.append(record) } else { failed += 1 }
        }
        return (records, failed, page.continuationMarker)
    }
}
