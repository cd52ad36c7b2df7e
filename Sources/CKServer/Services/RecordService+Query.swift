import CKModel
import CKSchema

extension RecordService {
    /// How many index entries a query reads per step.
    static let queryBatchSize = 100
    /// How many index entries one page may read before it answers with what it found and a marker.
    static let queryReadBudget = 20_000

    /// `records/query`: a page of the records of a type that meet every filter, in the sort order, with a
    /// `continuationMarker` while more may follow.
    public func query(_ request: RecordsQuery.Request, access: DatabaseAccess) async throws -> RecordsQuery.Response {
        let zone = try await storage.existingZone(request.zoneID, for: access)
        let schema = try await currentSchema(access)
        guard let recordType = schema.recordType(named: request.query.recordType) else {
            throw ServerError(.badRequest, reason: "Did not find record type: \(request.query.recordType)")
        }
        let readable = try readability(of: recordType, access: access)
        let plan = try QueryPlan.make(request.query, recordType: recordType)
        let limit = min(max(request.resultsLimit ?? Self.maximumOperations, 1), Self.maximumOperations)
        let digest = QueryCursor.digest(of: request.query, zone: zone)
        var cursor = try request.continuationMarker.map { try QueryCursor(marker: $0, digest: digest) }

        var found: [StoredRecord] = []
        var seen = Set<String>()
        var read = 0
        var exhausted = false
        pages: while found.count < limit {
            let batch = try await candidates(plan, zone: zone, after: cursor, digest: digest)
            if batch.isEmpty {
                exhausted = true
                break
            }
            let records = try await storage.records(named: batch.map(\.recordName), in: zone)
            for (index, candidate) in batch.enumerated() {
                cursor = candidate
                read += 1
                guard seen.insert(candidate.recordName).inserted, let record = records[candidate.recordName], readable(record),
                    plan.filters.allSatisfy({ FilterEvaluator.matches(record, $0) })
                else { continue }
                found.append(record)
                if found.count == limit {
                    exhausted = index == batch.count - 1 && batch.count < Self.queryBatchSize
                    break pages
                }
            }
            if batch.count < Self.queryBatchSize {
                exhausted = true
                break
            }
            if read >= Self.queryReadBudget {
                break
            }
        }
        let zoneID = ZoneService.wireZoneID(zone)
        let records = Self.sortedWithinPage(found, by: plan.sortBy).map {
            ItemResult.success($0.wireRecord(zoneID: zoneID, desiredKeys: request.desiredKeys, serverURL: access.serverURL, container: access.container.id))
        }
        return RecordsQuery.Response(records: records, continuationMarker: exhausted ? nil : cursor?.marker)
    }

    /// The next candidates after `cursor`, as cursors to resume from.
    private func candidates(_ plan: QueryPlan, zone: ZoneKey, after cursor: QueryCursor?, digest: String) async throws -> [QueryCursor] {
        let batch = Self.queryBatchSize
        switch plan.driver {
        case .index(let scan):
            let after = cursor.flatMap { cursor in cursor.value.map { IndexHit(value: $0.indexValue, recordName: cursor.recordName) } }
            return try await storage.scan(scan, in: zone, after: after, limit: batch).map {
                QueryCursor(query: digest, value: .init($0.value), recordName: $0.recordName)
            }
        case .search(let tokens, let matchAll, let fieldName):
            return try await storage.search(
                tokens, matchAll: matchAll, recordType: plan.recordTypeName, fieldName: fieldName, in: zone, after: cursor?.recordName, limit: batch
            ).map { QueryCursor(query: digest, value: nil, recordName: $0) }
        case .names:
            return try await storage.recordNames(ofType: plan.recordTypeName, in: zone, after: cursor?.recordName, limit: batch).map {
                QueryCursor(query: digest, value: nil, recordName: $0)
            }
        }
    }

    /// Which records of the type the caller may read: all of them, only their own (READ granted to
    /// `_creator` alone), or none (`ACCESS_DENIED`). Private databases are their owner's.
    private func readability(of recordType: RecordType, access: DatabaseAccess) throws -> @Sendable (StoredRecord) -> Bool {
        guard access.database == .public else { return { _ in true } }
        let policy = AccessPolicy(caller: access.caller)
        if policy.allows(.read, on: recordType) {
            return { _ in true }
        }
        let caller = access.caller.userRecordName
        guard let caller, policy.allows(.read, on: recordType, creator: caller) else {
            throw ServerError(.accessDenied, reason: "READ operation not permitted")
        }
        return { $0.created.userRecordName == caller }
    }

    /// Orders a page by every sort descriptor; the first one already ordered the read, the others break its ties.
    static func sortedWithinPage(_ records: [StoredRecord], by sortBy: [SortDescriptor]) -> [StoredRecord] {
        guard sortBy.count > 1 else { return records }
        return records.enumerated().sorted { left, right in
            for sort in sortBy {
                let a = RecordIndexing.fieldValue(sort.field.schemaFieldName, of: left.element).flatMap(RecordIndexing.indexValue)
                let b = RecordIndexing.fieldValue(sort.field.schemaFieldName, of: right.element).flatMap(RecordIndexing.indexValue)
                guard a != b else { continue }
                guard let a else { return !sort.ascending }
                guard let b else { return sort.ascending }
                return sort.ascending ? a < b : b < a
            }
            return left.offset < right.offset
        }.map(\.element)
    }
}
