import CKModel

/// The request log: one entry per data API request, written in batches off the request path. One concern of
/// `ServerStorage`; which entries a reader wants is decided above storage (`ManagementLogs.Filter`).
public protocol RequestLogStorage: Sendable {
    /// Appends `entries` in order in one transaction, each given the next sequence number.
    func appendRequestLog(_ entries: [RequestLogEntry]) async throws

    /// At most `limit` entries of `range`, in its direction, with their sequence numbers.
    func requestLogEntries(in range: RequestLogRange, limit: Int) async throws -> [RequestLogEntry]

    /// Deletes the entries logged before `timestamp` (milliseconds since 1970) and all but the newest `capacity`;
    /// returns how many it deleted.
    func pruneRequestLog(before timestamp: Int64, capacity: Int) async throws -> Int
}
