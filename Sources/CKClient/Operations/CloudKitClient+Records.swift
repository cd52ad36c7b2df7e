import CKModel

extension CloudKitClient {
    /// Records by name (`records/lookup`), in request order: each the record or why it could not be had, such
    /// as `NOT_FOUND`.
    /// - Parameters:
    ///   - recordNames: The records wanted.
    ///   - zone: Their zone; the default zone when `nil`.
    ///   - desiredKeys: The fields to return; all when `nil`.
    ///
    /// More than CloudKit's 200 records a request are asked for in requests of 200, one after another.
    public func lookupRecords(
        named recordNames: [String], in zone: ZoneID? = nil, desiredKeys: [String]? = nil
    ) async throws -> [Result<Record, CloudKitClientError>] {
        var results: [Result<Record, CloudKitClientError>] = []
        for batch in Self.batches(of: recordNames) {
            let request = RecordsLookup.Request(records: batch.map { RecordsLookup.Item(recordName: $0) }, zoneID: zone, desiredKeys: desiredKeys)
            let response: RecordsLookup.Response = try await send(.post, path: databasePath("records/lookup"), body: request)
            results += response.records.map(\.clientResult)
        }
        return results
    }

    /// CloudKit's most operations (or records looked up) a request may carry.
    public static let operationLimit = 200

    /// `items` in runs of `operationLimit`, in order; one empty run for none, so that a call still sends its request.
    static func batches<Item>(of items: [Item]) -> [ArraySlice<Item>] {
        guard !items.isEmpty else { return [items[...]] }
        return stride(from: 0, to: items.count, by: operationLimit).map { items[$0..<min($0 + operationLimit, items.count)] }
    }

    /// One page of the records matching `query` (`records/query`); pass the page's `continuationMarker` back for
    /// the next, or iterate `queryPages(_:in:desiredKeys:resultsLimit:zoneWide:)` for all of them.
    /// - Parameters:
    ///   - query: The record type, filters and sort order.
    ///   - zone: The zone searched; the default zone when `nil`.
    ///   - desiredKeys: The fields to return; all when `nil`, system fields only when empty.
    ///   - resultsLimit: At most this many records (the server's maximum, 200 on CloudKit, when `nil`).
    ///   - continuationMarker: The marker of the previous page.
    ///   - zoneWide: Search every zone (ignored when `zone` is given).
    public func queryRecords(
        _ query: Query, in zone: ZoneID? = nil, desiredKeys: [String]? = nil, resultsLimit: Int? = nil, continuationMarker: String? = nil,
        zoneWide: Bool? = nil
    ) async throws -> QueryPage {
        try await queryRecords(RecordsQuery.Request(
            query: query, zoneID: zone, resultsLimit: resultsLimit, continuationMarker: continuationMarker, desiredKeys: desiredKeys,
            zoneWide: zoneWide))
    }

    /// One page of records for `request` (`records/query`), sent as it is: for a caller that shows the request
    /// it sends, such as the dashboard's query builder.
    public func queryRecords(_ request: RecordsQuery.Request) async throws -> QueryPage {
        let response: RecordsQuery.Response = try await send(.post, path: databasePath("records/query"), body: request)
        return QueryPage(records: response.records.map(\.clientResult), continuationMarker: response.continuationMarker)
    }

    /// Applies `operations` in order (`records/modify`) and answers one result per operation, in the same order.
    /// A `CONFLICT` result carries the server's current record as `serverRecord`, fetched with one extra lookup.
    /// - Parameters:
    ///   - operations: The creations, updates, replacements and deletions, one per record.
    ///   - zone: The records' zone; the default zone when `nil`.
    ///   - atomic: All or nothing (custom zones only); the server's default, `true`, when `nil`.
    ///   - desiredKeys: The fields each saved record is returned with; all when `nil`.
    ///
    /// Not all or nothing (`atomic` false), more than CloudKit's 200 operations a request are sent in requests of
    /// 200, one after another; all or nothing, they cannot be split, and more than 200 is an `invalidRequest`.
    public func modifyRecords(
        _ operations: [RecordOperation], in zone: ZoneID? = nil, atomically atomic: Bool? = nil, desiredKeys: [String]? = nil
    ) async throws -> [Result<Record, CloudKitClientError>] {
        guard atomic == false || operations.count <= Self.operationLimit else {
            throw CloudKitClientError.invalidRequest(
                "records/modify takes at most \(Self.operationLimit) operations, and \(operations.count) done all or nothing cannot be split: send them atomically: false")
        }
        var results: [Result<Record, CloudKitClientError>] = []
        for batch in Self.batches(of: operations) {
            let request = RecordsModify.Request(operations: Array(batch), zoneID: zone, atomic: atomic, desiredKeys: desiredKeys)
            let response: RecordsModify.Response = try await send(.post, path: databasePath("records/modify"), body: request)
            results += await attachingServerRecords(to: response.records.map(\.clientResult), of: Array(batch), in: zone)
        }
        return results
    }

    /// Saves and deletes records in one request, as CloudKit's `modifyRecords(saving:deleting:)` does: the results
    /// of the saves and of the deletions, each in the order given. A deletion's success is the record's name.
    /// - Parameters:
    ///   - saving: The records to save; how they overwrite the server's copies is `savePolicy`.
    ///   - deleting: The names of the records to delete, whatever their version (a `.delete` operation given to
    ///     `modifyRecords(_:in:atomically:desiredKeys:)` deletes only an unchanged record).
    ///   - savePolicy: `.ifServerRecordUnchanged` unless given.
    ///   - zone: The records' zone; the default zone when `nil`.
    ///   - atomic: All or nothing (custom zones only); the server's default, `true`, when `nil`.
    public func modifyRecords(
        saving: [Record] = [], deleting: [String] = [], savePolicy: SavePolicy = .ifServerRecordUnchanged, in zone: ZoneID? = nil,
        atomically atomic: Bool? = nil
    ) async throws -> (saveResults: [Result<Record, CloudKitClientError>], deleteResults: [Result<String, CloudKitClientError>]) {
        let operations = saving.map { RecordOperation(savePolicy.operationType(for: $0), $0) }
            + deleting.map { RecordOperation(.forceDelete, Record(recordName: $0)) }
        let results = try await modifyRecords(operations, in: zone, atomically: atomic)
        return try Self.splitModifyResults(results, savedCount: saving.count, deleted: deleting, operation: "records/modify")
    }
}
