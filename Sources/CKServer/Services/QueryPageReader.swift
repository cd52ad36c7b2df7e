import CKModel

/// Reads one zone's part of a query page: candidates from the plan's index in batches, each record checked
/// against the filters and the caller's READ grant, until the page is full.
///
/// With several sort descriptors the first one orders the index read; when the page fills, the reader goes on
/// through the records sharing the last record's first sort value, orders them all by every sort, and answers
/// the first ones, so pages follow the full order. A record of a list field is answered at its first entry in
/// the scanned range only, so it never appears on two pages.
struct QueryPageReader {
    /// How many index entries a query reads per step at least; a step reads a whole page and one more when pages
    /// are larger, so that a page without filters takes one trip to storage.
    static let batchSize = 100
    /// How many index entries one page may read before it answers with what it found and a marker.
    static let readBudget = 20_000

    let storage: any ServerStorage
    let plan: QueryPlan
    let digest: String
    /// Which records the caller may read; every one when `nil`.
    let readable: (@Sendable (StoredRecord) -> Bool)?

    private var order: QueryOrder { QueryOrder(sortBy: plan.sortBy) }
    private var sortsByMany: Bool { plan.sortBy.count > 1 }

    /// Writes up to `limit` records of `zone` after `cursor` to `records`, and says where the next page starts
    /// (`nil`: the zone is done). A type read by name that the caller may read all of goes from storage to the
    /// answer row by row, without a value made for any record.
    func write(_ zone: ZoneKey, zoneID: ZoneID, after cursor: QueryCursor?, limit: Int, to records: inout RecordsAnswerWriter) async throws
        -> QueryCursor?
    {
        guard !plan.readsFields, readable == nil else {
            let page = try await read(zone, after: cursor, limit: limit)
            for row in page.records {
                try records.write(row, zoneID: zoneID)
            }
            return page.next
        }
        // One row past the page says whether the type goes on, so a page ending with the type has no marker.
        var read = 0
        var last: String?
        try await storage.forEachRecordRow(ofType: plan.recordTypeName, in: zone, after: cursor?.recordName, limit: limit + 1) { row in
            read += 1
            guard read <= limit else { return }
            try records.write(row, zoneID: zoneID)
            if read == limit {
                last = row.text(.name)
            }
        }
        guard read > limit, let last else { return nil }
        return QueryCursor(query: digest, value: nil, recordName: last)
    }

    /// Up to `limit` records of `zone` after `cursor`, and where the next page starts (`nil`: the zone is done).
    /// A record's fields are decoded only when the filters, the sorts or a list index must look at them.
    func read(_ zone: ZoneKey, after cursor: QueryCursor?, limit: Int) async throws -> (records: [StoredRecordRow], next: QueryCursor?) {
        if case .distance(let field, let center) = plan.driver {
            return try await readByDistance(zone, field: field, center: center, after: cursor, limit: limit)
        }
        if sortsByMany, let ties = cursor?.ties, ties.count != plan.sortBy.count - 1 {
            throw ServerError(.badRequest, reason: "the continuationMarker does not belong to this query; send the query again without it")
        }
        // With several sorts a marker names the first sort value to start at and the last record answered there.
        var position = sortsByMany ? nil : cursor
        let start = sortsByMany ? cursor?.value?.indexValue : nil
        let floor = sortsByMany ? cursor.flatMap { cursor in cursor.ties.map { ($0.map { $0?.indexValue }, cursor.recordName) } } : nil
        var found: [StoredRecordRow] = []
        found.reserveCapacity(limit)
        // With several sorts the page is ordered at the end by the records' values, kept beside their rows.
        var sortable: [StoredRecord] = []
        var seen = Set<String>()
        var read = 0
        var exhausted = false
        var completing: IndexValue?
        var boundary: IndexValue?
        // A step of one more than the page, so that a page ending with the zone's candidates says so.
        let size = max(Self.batchSize, limit + 1)
        pages: while true {
            let batch = try await candidates(zone, after: position, startingAt: start, size: size)
            if batch.isEmpty {
                exhausted = true
                break
            }
            for (index, (candidate, row)) in batch.enumerated() {
                let value = candidate.value?.indexValue
                if sortsByMany, let completing, value != completing {
                    break pages
                }
                if sortsByMany, completing == nil, read >= Self.readBudget, value != position?.value?.indexValue {
                    boundary = value
                    break pages
                }
                position = candidate
                read += 1
                // Only an index can name a record twice (once per value of a list); the type's rows are each read once.
                guard plan.driver == .names || seen.insert(candidate.recordName).inserted, let row, readable?(row.record) ?? true else { continue }
                let record = plan.readsFields ? try row.decoded() : row.record
                guard plan.filters.allSatisfy({ FilterEvaluator.matches(record, $0) }), isFirstEntry(value, of: record) else { continue }
                if let (ties, name) = floor, value == start, !order.precedes([start] + ties, name, order.values(of: record), record.recordName) {
                    continue
                }
                found.append(row)
                if sortsByMany { sortable.append(record) }
                if found.count >= limit, completing == nil {
                    guard sortsByMany else {
                        exhausted = index == batch.count - 1 && batch.count < size
                        break pages
                    }
                    completing = value
                }
            }
            if batch.count < size {
                exhausted = true
                break
            }
            if !sortsByMany, read >= Self.readBudget {
                break
            }
        }
        guard sortsByMany else {
            return (found, exhausted ? nil : position)
        }
        let page = Array(order.sorted(zip(sortable, found).map { (record: $0, row: $1) }, by: \.record).prefix(limit))
        let pageRows = page.map(\.row)
        if let boundary {
            return (pageRows, QueryCursor(query: digest, value: .init(boundary), recordName: ""))
        }
        guard let last = page.last, found.count > limit || !exhausted else {
            return (pageRows, nil)
        }
        let values = order.values(of: last.record)
        return (pageRows, QueryCursor(
            query: digest, value: values[0].map(QueryCursor.StoredValue.init), recordName: last.record.recordName,
            ties: values.dropFirst().map { $0.map(QueryCursor.StoredValue.init) }))
    }

    /// Whether an index entry is the record's first in the scanned range, which is where it is answered.
    private func isFirstEntry(_ value: IndexValue?, of record: StoredRecord) -> Bool {
        guard case .index(let scan) = plan.driver, case .list(let list)? = RecordIndexing.fieldValue(scan.fieldName, of: record) else {
            return true
        }
        let inRange = list.elements.compactMap(RecordIndexing.indexValue).filter(scan.contains)
        return value == (scan.descending ? inRange.max() : inRange.min())
    }

    /// The next `size` candidates after `position` (or from the index value `start`), as cursors to resume from, each
    /// with its record's row (`nil` when the record is gone). Read by name, the rows come in the same statement;
    /// an index or a search gives names, whose rows are then read together.
    private func candidates(_ zone: ZoneKey, after position: QueryCursor?, startingAt start: IndexValue?, size: Int) async throws
        -> [(cursor: QueryCursor, row: StoredRecordRow?)]
    {
        let cursors: [QueryCursor]
        switch plan.driver {
        case .names:
            return try await storage.recordRows(ofType: plan.recordTypeName, in: zone, after: position?.recordName, limit: size).map {
                (QueryCursor(query: digest, value: nil, recordName: $0.record.recordName), $0)
            }
        case .index(let scan):
            let after = position.flatMap { cursor in cursor.value.map { IndexHit(value: $0.indexValue, recordName: cursor.recordName) } }
            cursors = try await storage.scan(start.map(scan.starting(at:)) ?? scan, in: zone, after: after, limit: size).map {
                QueryCursor(query: digest, value: .init($0.value), recordName: $0.recordName)
            }
        case .search(let tokens, let matchAll, let fieldName):
            cursors = try await storage.search(
                tokens, matchAll: matchAll, recordType: plan.recordTypeName, fieldName: fieldName, in: zone, after: position?.recordName,
                limit: size
            ).map { QueryCursor(query: digest, value: nil, recordName: $0) }
        case .distance(let fieldName, _):
            // Read on their own (`readByDistance` reads bands instead), a location's entries come in latitude order.
            cursors = try await storage.scan(IndexScan(recordType: plan.recordTypeName, fieldName: fieldName), in: zone, after: nil, limit: size)
                .map { QueryCursor(query: digest, value: .init($0.value), recordName: $0.recordName) }
        }
        let rows = try await storage.recordRows(named: cursors.map(\.recordName), in: zone)
        return cursors.map { ($0, rows[$0.recordName]) }
    }
}
