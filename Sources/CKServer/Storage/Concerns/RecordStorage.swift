import CKModel

/// Records read by name and written in batches, the trees their parents make, and their index entries. One concern of `ServerStorage`.
public protocol RecordStorage: Sendable {
    /// Hands `body` the live (not deleted) records with these names in the zone, each once, in no particular
    /// order, each row as the engine holds it; names without a record are left out.
    func forEachRecordRow(named names: [String], in zone: ZoneKey, _ body: (any StoredRecordColumns) throws -> Void) async throws

    /// Applies `writes` in order in one transaction, giving each the zone's next change number, and returns
    /// one outcome per write: the record's new change tag (and the records a delete's cascade removed), or why
    /// not (`EXISTS`, `CONFLICT`, `NOT_FOUND`). With `atomic`, the first failure undoes every write and the
    /// others fail with `ATOMIC_ERROR`.
    ///
    /// With `rotation`, the transaction ends with that web auth token rotation, as `rotateWebAuthToken` makes it,
    /// so that a signed-in user's save commits once: `rotated` is whether it rotated the token (`false`: the
    /// presented token was no longer current), `nil` without a rotation or when the batch was undone (and the
    /// rotation not made).
    func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool, rotating rotation: WebAuthTokenRotation?) async throws
        -> (outcomes: [Result<AppliedWrite, ServerError>], rotated: Bool?)

    /// The names of `roots` and of every record below them through `parent`, deleted ones included.
    func recordTree(from roots: [String], in zone: ZoneKey) async throws -> Set<String>

    /// Which of these names a record of the zone has (a deleted one included) or names as its parent.
    func takenNames(_ names: [String], in zone: ZoneKey) async throws -> Set<String>

    /// Rebuilds the index entries of every live record of a type, in every database and zone of a container
    /// environment, from `indexes`: after an import or deploy changed the type's indexes.
    func reindex(
        recordType: String, in container: ContainerID, environment: ContainerEnvironment,
        _ indexes: @escaping @Sendable (StoredRecord) -> RecordIndexes
    ) async throws

    /// The record types whose index entries an upgrade of the tables left to rebuild (a migration cannot work
    /// them out: the indexing rules are the services'), which `PendingReindexing` rebuilds where servers open.
    func pendingReindexes() async throws -> [String]

    /// Forgets that the index entries of `recordType` are to be rebuilt, once they were.
    func finishPendingReindex(of recordType: String) async throws
}

extension RecordStorage {
    /// The live (not deleted) records with these names in the zone; names without a record are left out.
    public func records(named names: [String], in zone: ZoneKey) async throws -> [String: StoredRecord] {
        try await recordRows(named: names, in: zone).mapValues { try $0.decoded() }
    }

    /// The same records as `records(named:in:)`, for an answer: their fields left in their stored JSON.
    public func recordRows(named names: [String], in zone: ZoneKey) async throws -> [String: StoredRecordRow] {
        var rows: [String: StoredRecordRow] = [:]
        try await forEachRecordRow(named: names, in: zone) { columns in
            let row = try columns.storedRow()
            rows[row.record.recordName] = row
        }
        return rows
    }
}

extension RecordStorage {
    /// `apply(_:in:atomic:rotating:)` without a rotation.
    public func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool) async throws -> [Result<AppliedWrite, ServerError>] {
        try await apply(writes, in: zone, atomic: atomic, rotating: nil).outcomes
    }
}
