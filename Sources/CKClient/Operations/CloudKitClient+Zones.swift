import CKModel

extension CloudKitClient {
    /// Every zone of this database (`zones/list`), each a zone or a per-zone error.
    public func allZones() async throws -> [Result<Zone, CloudKitClientError>] {
        let response: Zones.Response = try await send(.get, path: databasePath("zones/list"))
        return response.zones.map(\.clientResult)
    }

    /// Zones by ID (`zones/lookup`), in request order: each the zone or why it could not be had, such as
    /// `ZONE_NOT_FOUND`.
    public func lookupZones(_ zoneIDs: [ZoneID]) async throws -> [Result<Zone, CloudKitClientError>] {
        let response: Zones.Response = try await send(.post, path: databasePath("zones/lookup"), body: Zones.LookupRequest(zones: zoneIDs))
        return response.zones.map(\.clientResult)
    }

    /// Creates and deletes zones in one request (`zones/modify`): the results of the creations and of the
    /// deletions, each in the order given.
    /// - Parameters:
    ///   - saving: The zones to create.
    ///   - deleting: The zones to delete, with their records.
    public func modifyZones(
        saving: [ZoneID] = [], deleting: [ZoneID] = []
    ) async throws -> (saveResults: [Result<Zone, CloudKitClientError>], deleteResults: [Result<ZoneID, CloudKitClientError>]) {
        let operations = saving.map { ZoneOperation(.create, Zone(zoneID: $0)) } + deleting.map { ZoneOperation(.delete, Zone(zoneID: $0)) }
        let response: Zones.Response = try await send(.post, path: databasePath("zones/modify"), body: Zones.ModifyRequest(operations: operations))
        return try Self.splitModifyResults(response.zones.map(\.clientResult), savedCount: saving.count, deleted: deleting, operation: "zones/modify")
    }
}
