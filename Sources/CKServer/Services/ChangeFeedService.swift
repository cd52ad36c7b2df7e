import CKModel

/// Change feeds: `changes/zone` and the older `records/changes` for records, `changes/database` and the older
/// `zones/changes` for zones.
///
/// Every write in a zone takes the zone's next change number in the same transaction as the write, and a
/// deleted record stays as a tombstone, so a sync token (the last change number read) resumes exactly where
/// the previous page ended.
public struct ChangeFeedService: Sendable {
    let storage: any ServerStorage

    /// Creates the service over a storage.
    public init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// `changes/zone`: a page of changes for each zone asked for.
    func zoneChanges(_ request: ChangesZone.Request, access: DatabaseAccess) async throws -> ZoneChangesAnswer {
        try Self.requireUserDatabase(access)
        try ItemLimit.check(request.zones.count, "zones")
        var results: [Result<ChangesPage, ServerError>] = []
        for zone in request.zones {
            do {
                results.append(.success(try await page(
                    zone.zoneID, after: zone.syncToken, limit: zone.resultsLimit ?? request.resultsLimit,
                    recordTypes: zone.desiredRecordTypes ?? request.desiredRecordTypes,
                    desiredKeys: zone.desiredKeys ?? request.desiredKeys, numbersAsStrings: request.numbersAsStrings == true, access: access)))
            } catch var error as ServerError {
                error.zoneID = zone.zoneID
                results.append(.failure(error))
            }
        }
        return ZoneChangesAnswer(zones: results)
    }

    /// `records/changes`: a page of changes of one custom zone.
    func recordChanges(_ request: RecordsChanges.Request, access: DatabaseAccess) async throws -> RecordChangesAnswer {
        try Self.requireUserDatabase(access)
        guard !request.zoneID.isDefaultZone else {
            throw ServerError(.badRequest, reason: "records/changes works on custom zones only; use changes/zone for the default zone")
        }
        return RecordChangesAnswer(page: try await page(
            request.zoneID, after: request.syncToken, limit: request.resultsLimit, recordTypes: nil,
            desiredKeys: request.desiredKeys, numbersAsStrings: request.numbersAsStrings == true, access: access))
    }

    /// `changes/database`: the zones of the user's database written, created or deleted since the token.
    public func databaseChanges(_ request: ChangesDatabase.Request, access: DatabaseAccess) async throws -> ChangesDatabase.Response {
        try Self.requireUserDatabase(access)
        let page = try await zonePage(after: request.syncToken, limit: request.resultsLimit, access: access)
        return ChangesDatabase.Response(zones: page.zones, syncToken: page.token, moreComing: page.moreComing)
    }

    /// `zones/changes`: the same feed under its older name, in any database, resuming from `metaSyncToken` (or
    /// `syncToken`, as MistKit sends it).
    public func zonesChanges(_ request: ChangesDatabase.ZonesChangesRequest, access: DatabaseAccess) async throws
        -> ChangesDatabase.ZonesChangesResponse
    {
        let page = try await zonePage(after: request.token, limit: request.resultsLimit, access: access)
        return ChangesDatabase.ZonesChangesResponse(zones: page.zones, token: page.token, moreComing: page.moreComing)
    }

    private func zonePage(after tokenText: String?, limit requested: Int?, access: DatabaseAccess) async throws
        -> (zones: [ItemResult<Zone>], token: String, moreComing: Bool)
    {
        let limit = min(max(requested ?? RecordService.maximumOperations, 1), RecordService.maximumOperations)
        if access.database == .shared {
            return try await sharedZonePage(after: tokenText, limit: limit, access: access)
        }
        let database = try access.databaseKey()
        let after = try tokenText.map(SyncToken.init(text:))?.changeNumber ?? 0
        let (last, changes) = try await storage.zoneChanges(in: database, after: after, limit: limit + 1)
        if after > last {
            throw ServerError(.badRequest, reason: "the sync token is newer than this database's changes; read it again without a token")
        }
        let moreComing = changes.count > limit
        let shown = changes.prefix(limit)
        let zones = shown.map { change -> ItemResult<Zone> in
            change.isDeleted
                ? .success(Zone(zoneID: ZoneService.wireZoneID(change.state.key), deleted: true))
                : .success(ZoneService.wireZone(change.state))
        }
        let next = SyncToken(incarnation: 0, changeNumber: moreComing ? (shown.last?.databaseChange ?? after) : last)
        return (zones, next.text, moreComing)
    }

    /// The shared zones changed, newly shared or no longer shared since the token, which names each zone with
    /// the point its changes had reached (they live in their owners' databases, numbered apart).
    private func sharedZonePage(after tokenText: String?, limit: Int, access: DatabaseAccess) async throws
        -> (zones: [ItemResult<Zone>], token: String, moreComing: Bool)
    {
        let before = try tokenText.map(SharedDatabaseToken.init(text:))?.marks ?? []
        let unchanged = Set(before)
        let current = try await storage.zones(reachedBy: access).sorted { ($0.key.ownerRecordName, $0.key.zoneName) < ($1.key.ownerRecordName, $1.key.zoneName) }
        let changed = current.filter { !unchanged.contains(SharedDatabaseToken.Mark($0)) }
        let reachable = Set(current.map { SharedDatabaseToken.Mark($0).zone })
        let gone = before.filter { !reachable.contains($0.zone) }
        let reported = changed.prefix(limit)
        let reportedGone = gone.prefix(limit - reported.count)
        var zones = reported.map { ItemResult<Zone>.success(ZoneService.wireZone($0)) }
        zones += reportedGone.map { mark in
            .success(Zone(zoneID: ZoneID(zoneName: mark.zoneName, ownerRecordName: mark.ownerRecordName, zoneType: .regularCustomZone), deleted: true))
        }
        // Zones left for the next page keep the point they had reached, so that they are reported then.
        let reportedNames = Set(reported.map { SharedDatabaseToken.Mark($0).zone })
        let goneNames = Set(reportedGone.map(\.zone))
        var marks = before.filter { !goneNames.contains($0.zone) && !reportedNames.contains($0.zone) }
        marks += reported.map(SharedDatabaseToken.Mark.init)
        return (zones, SharedDatabaseToken(marks: marks).text, changed.count + gone.count > limit)
    }

    /// A page of the zone's changes after the token, each record written straight from its row as it is read.
    private func page(
        _ zoneID: ZoneID, after tokenText: String?, limit requested: Int?, recordTypes: [String]?, desiredKeys: [String]?,
        numbersAsStrings: Bool, access: DatabaseAccess
    ) async throws -> ChangesPage {
        let reached = try await storage.existingZone(zoneID, for: access)
        let key = reached.key
        let limit = min(max(requested ?? RecordService.maximumOperations, 1), RecordService.maximumOperations)
        let token = try tokenText.map(SyncToken.init(text:))
        let after = token?.incarnation == 0 ? 0 : (token?.changeNumber ?? 0)
        let wireZoneID = ZoneService.wireZoneID(key)
        // Room for a few records, grown as they come: a request may ask for 200 zones, most of them unchanged.
        var records = RecordsAnswerWriter(
            options: RecordAnswerOptions(desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings, access: access), capacity: min(limit, 8))
        // One more than the page is read, to know whether more come.
        var read = 0
        var lastShown: Int64?
        let state = try await storage.forEachChange(in: key, after: after, limit: limit + 1, recordTypes: recordTypes) { row in
            read += 1
            guard read <= limit else { return }
            lastShown = row.integer(.changeNumber)
            if let scope = reached.scope, !scope.contains(row.text(.name)) { return }
            try records.write(row, zoneID: wireZoneID)
        }
        guard let state else {
            throw ServerError(.zoneNotFound, reason: "there is no zone \(key.zoneName)")
        }
        if let token, token.incarnation != 0, token.incarnation != state.incarnation || token.changeNumber > state.lastChange {
            throw ServerError(
                .badRequest,
                reason: "the sync token belongs to a zone \(key.zoneName) that was deleted since; read the zone again without a token")
        }
        let moreComing = read > limit
        let next = moreComing ? SyncToken(incarnation: state.incarnation, changeNumber: lastShown ?? after) : state.syncToken
        return ChangesPage(zoneID: wireZoneID, records: records.finished(), syncToken: next.text, moreComing: moreComing)
    }

    private static func requireUserDatabase(_ access: DatabaseAccess) throws {
        guard access.database != .public else {
            throw ServerError(.badRequest, reason: "endpoint not applicable in the database type 'publicdb'")
        }
    }
}
