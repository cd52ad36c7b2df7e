import CKModel

extension CloudKitClient {
    /// `results` with each `CONFLICT` failure carrying the record as the server has it now, read with one
    /// `records/lookup` for all of them, so the caller can merge and save again. CloudKit Web Services does not
    /// put the server's record in the error itself; when the lookup fails, the conflicts stay without it.
    func attachingServerRecords(
        to results: [Result<Record, CloudKitClientError>], of operations: [RecordOperation], in zone: ZoneID?
    ) async -> [Result<Record, CloudKitClientError>] {
        let conflicted = results.indices.compactMap { index -> (index: Int, name: String)? in
            guard case .failure(.server(let error, _, _)) = results[index], error.serverErrorCode == .conflict,
                let name = error.recordName ?? (results.count == operations.count ? operations[index].record.recordName : nil)
            else { return nil }
            return (index, name)
        }
        guard !conflicted.isEmpty, let current = try? await lookupRecords(named: conflicted.map(\.name), in: zone) else { return results }
        var enriched = results
        for (conflict, lookup) in zip(conflicted, current) {
            guard case .failure(.server(let error, let status, _)) = results[conflict.index], case .success(let serverRecord) = lookup else { continue }
            enriched[conflict.index] = .failure(.server(error, httpStatus: status, serverRecord: serverRecord))
        }
        return enriched
    }
}
