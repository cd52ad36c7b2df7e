import CKModel

extension QueryPageReader {
    /// Up to `limit` records of `zone` nearest to `center` after `cursor` (a distance and the record answered
    /// there), nearest first, and where the next page starts.
    ///
    /// The location index holds latitudes, so a band of latitudes `radius` wide on each side of the point holds
    /// every record within `radius` of it; the band widens fourfold until more than a page of records lie
    /// within its radius, so the cost follows how many records are near the point, not how many there are.
    func readByDistance(_ zone: ZoneKey, field: String, center: Location, after cursor: QueryCursor?, limit: Int) async throws
        -> (records: [StoredRecordRow], next: QueryCursor?)
    {
        var floor: (distance: Double, recordName: String)?
        if let cursor, case .real(let distance)? = cursor.value {
            floor = (distance, cursor.recordName)
        }
        var radius = max(floor?.distance ?? 0, 1_000) * 2
        while true {
            let degrees = radius / 111_000
            let band = IndexScan(
                recordType: plan.recordTypeName, fieldName: field, lower: .init(.real(center.latitude - degrees), inclusive: true),
                upper: .init(.real(center.latitude + degrees), inclusive: true))
            var names: [String] = []
            var position: IndexHit?
            while true {
                let hits = try await storage.scan(band, in: zone, after: position, limit: Self.batchSize * 10)
                names += hits.map(\.recordName)
                position = hits.last
                if hits.count < Self.batchSize * 10 { break }
            }
            let rows = try await storage.recordRows(named: names, in: zone)
            let near = try rows.values.compactMap { row -> (distance: Double, record: StoredRecord, row: StoredRecordRow)? in
                let record = try row.decoded()
                guard case .location(let here)? = record.fields[field], readable?(record) ?? true,
                    plan.filters.allSatisfy({ FilterEvaluator.matches(record, $0) })
                else { return nil }
                let distance = FilterEvaluator.distance(here, center)
                guard distance <= radius, floor.map({ (distance, record.recordName) > $0 }) ?? true else { return nil }
                return (distance, record, row)
            }.sorted { ($0.distance, $0.record.recordName) < ($1.distance, $1.record.recordName) }
            if near.count > limit || degrees >= 180 {
                let page = near.prefix(limit)
                let next = near.count > limit ? page.last.map {
                    QueryCursor(query: digest, value: .real($0.distance), recordName: $0.record.recordName)
                } : nil
                return (page.map(\.row), next)
            }
            radius *= 4
        }
    }
}
