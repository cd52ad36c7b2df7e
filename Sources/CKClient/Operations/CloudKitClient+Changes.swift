import CKModel

extension CloudKitClient {
    /// The records changed in each zone since its sync token (`changes/zone`), one result per zone in request
    /// order: a page of changes or the zone's error (such as `ZONE_NOT_FOUND`).
    /// - Parameters:
    ///   - zones: The zones, each with the token it resumes from and optional overrides.
    ///   - resultsLimit: Records per zone (the server's maximum when `nil`).
    ///   - desiredKeys: The fields to return; all when `nil`.
    ///   - desiredRecordTypes: Only records of these types; all when `nil`.
    public func zoneChanges(
        _ zones: [ChangesZone.ZoneRequest], resultsLimit: Int? = nil, desiredKeys: [String]? = nil, desiredRecordTypes: [String]? = nil
    ) async throws -> [Result<ZoneChangesPage, CloudKitClientError>] {
        let request = ChangesZone.Request(zones: zones, desiredKeys: desiredKeys, resultsLimit: resultsLimit, desiredRecordTypes: desiredRecordTypes)
        let response: ChangesZone.Response = try await send(.post, path: databasePath("changes/zone"), body: request)
        return response.zones.map { result in
            result.clientResult.map { ZoneChangesPage(zoneID: $0.zoneID, records: $0.records, syncToken: $0.syncToken, moreComing: $0.moreComing) }
        }
    }

    /// One page of the records changed in `zone` since `syncToken` (`changes/zone`); the zone's error is thrown.
    /// - Parameters:
    ///   - zone: The zone.
    ///   - syncToken: Where to resume; `nil` reads the zone's whole history.
    ///   - resultsLimit: At most this many records (the server's maximum when `nil`).
    ///   - desiredKeys: The fields to return; all when `nil`.
    public func zoneChanges(
        in zone: ZoneID, since syncToken: String? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil
    ) async throws -> ZoneChangesPage {
        let results = try await zoneChanges(
            [ChangesZone.ZoneRequest(zoneID: zone, syncToken: syncToken)], resultsLimit: resultsLimit, desiredKeys: desiredKeys)
        try Self.requireOneResultEach(results, expected: 1, operation: "changes/zone")
        return try results[0].get()
    }

    /// One page of the records changed in a custom zone since `syncToken` with the older `records/changes`.
    /// - Parameters:
    ///   - zone: The custom zone.
    ///   - syncToken: Where to resume; `nil` reads the zone's whole history.
    ///   - resultsLimit: At most this many records (the server's maximum when `nil`).
    ///   - desiredKeys: The fields to return; all when `nil`.
    public func recordChanges(
        in zone: ZoneID, since syncToken: String? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil
    ) async throws -> ZoneChangesPage {
        let request = RecordsChanges.Request(zoneID: zone, syncToken: syncToken, resultsLimit: resultsLimit, desiredKeys: desiredKeys)
        let response: RecordsChanges.Response = try await send(.post, path: databasePath("records/changes"), body: request)
        return ZoneChangesPage(zoneID: zone, records: response.records, syncToken: response.syncToken, moreComing: response.moreComing)
    }

    /// One page of the zones changed in this database since `syncToken` (`changes/database`; private and shared
    /// databases).
    /// - Parameters:
    ///   - syncToken: Where to resume; `nil` reads from the beginning.
    ///   - resultsLimit: At most this many zones (the server's maximum when `nil`).
    public func databaseChanges(since syncToken: String? = nil, resultsLimit: Int? = nil) async throws -> DatabaseChangesPage {
        let request = ChangesDatabase.Request(syncToken: syncToken, resultsLimit: resultsLimit)
        let response: ChangesDatabase.Response = try await send(.post, path: databasePath("changes/database"), body: request)
        return DatabaseChangesPage(zones: response.zones.map(\.clientResult), syncToken: response.syncToken, moreComing: response.moreComing)
    }

    /// One page of the zones changed since `metaSyncToken` with the older `zones/changes`, which reads only
    /// `metaSyncToken`; the answer's token is read under either of its two names.
    /// - Parameters:
    ///   - metaSyncToken: Where to resume; `nil` reads from the beginning.
    ///   - resultsLimit: At most this many zones (the server's maximum when `nil`).
    public func zonesChanges(since metaSyncToken: String? = nil, resultsLimit: Int? = nil) async throws -> DatabaseChangesPage {
        let request = ChangesDatabase.ZonesChangesRequest(metaSyncToken: metaSyncToken, resultsLimit: resultsLimit)
        let response: ZonesChangesAnswer = try await send(.post, path: databasePath("zones/changes"), body: request)
        guard let token = response.metaSyncToken ?? response.syncToken else {
            throw CloudKitClientError.decoding(operation: "zones/changes", httpStatus: 200, detail: "the answer has no metaSyncToken")
        }
        return DatabaseChangesPage(zones: response.zones.map(\.clientResult), syncToken: token, moreComing: response.moreComing ?? false)
    }
}

/// The answer of `zones/changes`, whose token key Apple's documentation gives two ways.
private struct ZonesChangesAnswer: Decodable {
    var zones: [ItemResult<Zone>]
    var metaSyncToken: String?
    var syncToken: String?
    var moreComing: Bool?
}
