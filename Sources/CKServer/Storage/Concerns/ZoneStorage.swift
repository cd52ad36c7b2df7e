import CKModel

/// Zones, and the changes of a zone or a database a change feed reads. One concern of `ServerStorage`.
public protocol ZoneStorage: Sendable {
    /// Whether the zone exists; a database's default zone always does.
    func zoneExists(_ zone: ZoneKey) async throws -> Bool

    /// The zones of one database (a public or private one's default zone included, even before its first write), by name.
    func zones(in database: ZoneKey.Database) async throws -> [ZoneState]

    /// Creates a custom zone; `EXISTS` if it exists.
    func createZone(_ zone: ZoneKey) async throws -> ZoneState

    /// The zone's state, or `nil` when there is no such zone (a default zone always has one).
    func zoneState(_ zone: ZoneKey) async throws -> ZoneState?

    /// Hands `body` the zone's records changed after `changeNumber`, read together with the zone's state, which
    /// it returns: oldest change first, at most `limit`, each in its latest state with its `changeNumber` (a
    /// deleted one as a tombstone, `deleted` 1), only of `recordTypes` when given, each row as the engine holds
    /// it. `nil`, and no rows, when there is no such zone.
    func forEachChange(
        in zone: ZoneKey, after changeNumber: Int64, limit: Int, recordTypes: [String]?, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws -> ZoneState?

    /// The database's last change number and its zones changed (written, created or deleted) after `change`,
    /// oldest change first, at most `limit`.
    func zoneChanges(in database: ZoneKey.Database, after change: Int64, limit: Int) async throws -> (lastChange: Int64, zones: [ZoneChange])

    /// Deletes a zone with all its records; `false` if there was no such zone.
    func deleteZone(_ zone: ZoneKey) async throws -> Bool
}
