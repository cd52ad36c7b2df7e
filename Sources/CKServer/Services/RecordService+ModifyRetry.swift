import CKModel

extension RecordService {
    /// How many times force operations that lost a race to another writer are tried again, each after a random
    /// pause of up to as many times the last attempt's duration as there were attempts, so that writers racing for
    /// one record take turns however long an attempt takes on the engine.
    static let forceRetries = 30

    /// The longest pause before a retry, however long the attempt before it waited.
    static let longestRetryPause: Duration = .milliseconds(250)

    /// `records/modify`: applies the operations in order, one per record, and answers one entry per
    /// operation. In a custom zone an atomic request (the default) is all or nothing, with the real error on
    /// the culprit and `ATOMIC_ERROR` on the others; the default zone is never atomic.
    ///
    /// A force operation ignores what other saves did: when another writer changed, created or deleted its
    /// record between the read and the write, it is planned again from the record as it is now (an atomic
    /// batch, which was undone whole, runs again whole), as a client would retry it.
    public func modify(_ request: RecordsModify.Request, access: DatabaseAccess) async throws -> RecordsModify.Response {
        let clock = ContinuousClock()
        var start = clock.now
        var (response, raced) = try await modifyOnce(request, access: access)
        var attempts = 0
        while !raced.isEmpty, attempts < Self.forceRetries {
            attempts += 1
            try await Task.sleep(for: min((clock.now - start) * Double.random(in: 0...Double(attempts)), Self.longestRetryPause))
            var again = request
            again.operations = raced.map { request.operations[$0] }
            start = clock.now
            let retry = try await modifyOnce(again, access: access)
            if raced.count == request.operations.count {
                (response, raced) = retry
                continue
            }
            for (position, index) in raced.enumerated() {
                response.records[index] = retry.response.records[position]
            }
            raced = retry.raced.map { raced[$0] }
        }
        return response
    }
}
