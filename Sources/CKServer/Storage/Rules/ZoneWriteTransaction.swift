import CKModel

/// What an engine does for `RecordBatch` inside its open write transaction on one zone: plain reads and writes,
/// each conditional where a race must be caught, with no CloudKit rule of their own, so that every engine applies
/// writes by the same rules.
protocol ZoneWriteTransaction {
    /// The zone the transaction writes to.
    var zone: ZoneKey { get }

    /// The zone's row ID, or `nil` when there is no such zone.
    func zoneRowID() throws -> Int64?

    /// Creates the zone's row and returns its ID. The zone then no longer counts as deleted in its database's
    /// change feed (any tombstone of an earlier zone of that name goes), and takes the database's next change
    /// number, so `changes/database` lists it.
    func createZoneRow() throws -> Int64

    /// Before the batch's first write: the names of the records it inserts, so that an engine may read their
    /// states at once and hold the inserts back until a statement needs them (the zone's writers take turns, so
    /// nothing else changes them meanwhile).
    func prepareInserts(of recordNames: [String], inZone zone: Int64) throws

    /// The last change number the zone `zone` gave.
    func lastChange(ofZone zone: Int64) throws -> Int64

    /// Keeps `lastChange` as the zone's last change number; with `changed`, the zone takes its database's next
    /// change number too, so `changes/database` lists it.
    func finish(zone: Int64, lastChange: Int64, changed: Bool) throws

    /// The change tag of the live record with this name, or `nil` when there is none.
    func liveChangeTag(of recordName: String, inZone zone: Int64) throws -> String?

    /// The live record with this name, or `nil` when there is none.
    func liveRecord(named recordName: String, inZone zone: Int64) throws -> StoredRecord?

    /// Inserts the record, or revives its tombstone, with this change tag and number; `false` when a live record
    /// has the name (nothing written).
    func insert(_ record: StoredRecord, changeTag: String, changeNumber: Int64, inZone zone: Int64) throws -> Bool

    /// Replaces the live record whose change tag is `expectedTag`; `false` when there is none (nothing written).
    func update(_ record: StoredRecord, expectedTag: String, changeTag: String, changeNumber: Int64, inZone zone: Int64) throws -> Bool

    /// Makes the record a tombstone (no fields, no share) with this change tag and number.
    func tombstone(_ recordName: String, changeTag: String, changeNumber: Int64, inZone zone: Int64) throws

    /// The records of the zone that reference `target` with a rule, and the rule.
    func references(to target: String, inZone zone: Int64) throws -> [(source: String, action: ReferenceAction)]

    /// Puts what the record holds in place of what it held (`isNew`: nothing): its value, search and reference
    /// entries, the uploaded files it holds (each then marked as held once, so collection may take it when no
    /// record holds it any more), and, for a share, the share and its participants that `shares(acceptedBy:in:)`
    /// and `shareLocation` read.
    func replaceIndexes(of record: StoredRecord, with indexes: RecordIndexes, isNew: Bool, inZone zone: Int64) throws

    /// Removes everything `replaceIndexes` put in place for the record.
    func removeIndexes(of recordName: String, inZone zone: Int64) throws

    /// Runs `body` in a nested transaction, undone when `body` returns `false`.
    func undoable(_ body: () throws -> Bool) throws
}
