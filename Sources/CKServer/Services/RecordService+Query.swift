import CKModel
import CKSchema

extension RecordService {
    /// `records/query`: a page of the records of a type that meet every filter, in the sort order, with a
    /// `continuationMarker` while more may follow. With `zoneWide` (and no `zoneID`) every zone of the database
    /// is searched, one after the other: the default zone, then the custom zones by name.
    func query(_ request: RecordsQuery.Request, access: DatabaseAccess) async throws -> RecordsAnswer {
        let zoneWide = request.zoneWide == true && request.zoneID == nil
        let zones = zoneWide
            ? try await storage.reachableZones(for: access)
            : [try await storage.existingZone(request.zoneID, for: access)]
        let schema = try await currentSchema(access)
        // Shares live in private databases (and reach others through their shared ones), not in the public one.
        let typeName = request.query.recordType
        guard let recordType = access.database == .public ? schema.recordType(named: typeName) : schema.indexedType(named: typeName) else {
            throw ServerError(.badRequest, reason: "Did not find record type: \(request.query.recordType)")
        }
        let plan = try QueryPlan.make(request.query, recordType: recordType)
        let limit = min(max(request.resultsLimit ?? Self.maximumOperations, 1), Self.maximumOperations)
        let digest = QueryCursor.digest(of: request.query, zone: zoneWide ? nil : zones.first?.key)
        let readable = try readability(of: recordType, access: access)
        let marker = try request.continuationMarker.map { try QueryCursor(marker: $0, digest: digest) }
        var records = RecordsAnswerWriter(
            options: RecordAnswerOptions(desiredKeys: request.desiredKeys, numbersAsStrings: request.numbersAsStrings, access: access), capacity: limit)
        if zones.isEmpty {
            return RecordsAnswer(records: records.finished())
        }
        let resumed = zones.firstIndex { zone in
            marker?.zoneName.map { $0 == zone.key.zoneName && (marker?.zoneOwner ?? zone.key.ownerRecordName) == zone.key.ownerRecordName } ?? true
        }
        guard let first = resumed else {
            throw ServerError(.badRequest, reason: "the zone this continuationMarker was reading is gone; send the query again without it")
        }

        var next: QueryCursor?
        for (index, zone) in zones.enumerated().dropFirst(first) {
            let reader = QueryPageReader(storage: storage, plan: plan, digest: digest, readable: Self.readable(readable, within: zone.scope))
            let resumeAt = try await reader.write(
                zone.key, zoneID: ZoneService.wireZoneID(zone.key), after: index == first ? marker : nil, limit: limit - records.written,
                to: &records)
            if var resume = resumeAt {
                resume.zoneName = zoneWide ? zone.key.zoneName : nil
                resume.zoneOwner = zoneWide ? zone.key.ownerRecordName : nil
                next = resume
                break
            }
            if records.written >= limit, index + 1 < zones.count {
                next = QueryCursor(query: digest, zone: zones[index + 1].key, value: nil, recordName: "")
                break
            }
        }
        return RecordsAnswer(records: records.finished(), continuationMarker: next?.marker)
    }

    /// Which records of the type the caller may read: all of them (`nil`), only their own (READ granted to
    /// `_creator` alone), or none (`ACCESS_DENIED`). Private databases are their owner's.
    private func readability(of recordType: RecordType, access: DatabaseAccess) throws -> (@Sendable (StoredRecord) -> Bool)? {
        guard access.database == .public else { return nil }
        let policy = AccessPolicy(caller: access.caller)
        if policy.allows(.read, on: recordType) {
            return nil
        }
        let caller = access.caller.userRecordName
        guard let caller, policy.allows(.read, on: recordType, creator: caller) else {
            throw ServerError(.accessDenied, reason: "READ operation not permitted")
        }
        return { $0.created.userRecordName == caller }
    }

    /// The records of a zone the caller may read: those `readable` lets through (all when `nil`) among those the
    /// zone's shares cover (all when `scope` is `nil`).
    private static func readable(_ readable: (@Sendable (StoredRecord) -> Bool)?, within scope: ShareScope?) -> (@Sendable (StoredRecord) -> Bool)? {
        guard let scope else { return readable }
        return { (readable?($0) ?? true) && scope.contains($0.recordName) }
    }
}
