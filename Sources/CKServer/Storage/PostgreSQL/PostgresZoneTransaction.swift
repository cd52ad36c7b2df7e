import CKModel
import PostgresNIO

/// `ZoneWriteTransaction` in PostgreSQL: the statements `RecordBatch` runs in an open transaction on `zone`.
///
/// Writers of one zone take turns on its row (`zoneRowID` locks it until the commit), which keeps its change
/// numbers gapless and in commit order, so a change feed read through any server never skips a change, and makes
/// each writer's conditional writes see what the one before it committed.
struct PostgresZoneTransaction: ZoneWriteTransaction {
    let transaction: PostgresTransaction
    let zone: ZoneKey

    /// The zone's row ID, its row locked until the commit: writers of one zone take turns from their first
    /// statement, so each reads the records as the one before it left them.
    func zoneRowID() throws -> Int64? {
        try transaction.rows(.zone("SELECT id FROM zones", zone, lockingRow: true)).first?.decode(Int64.self)
    }

    func createZoneRow() throws -> Int64 {
        // Another server may have created the row since `zoneRowID`: then its ID.
        guard let id = try PostgresStorage.createZoneRow(zone, in: transaction) ?? zoneRowID() else {
            throw ServerError(.zoneNotFound, reason: "the zone \(zone.zoneName) was deleted while it was written to")
        }
        return id
    }

    func lastChange(ofZone zoneID: Int64) throws -> Int64 {
        try transaction.rows("SELECT last_change FROM zones WHERE id = \(zoneID)").first?.decode(Int64.self) ?? 0
    }

    func finish(zone zoneID: Int64, lastChange: Int64, changed: Bool) throws {
        try transaction.execute("UPDATE zones SET last_change = \(lastChange) WHERE id = \(zoneID)")
        if changed {
            try PostgresStorage.markChanged(zoneID: zoneID, zone, in: transaction)
        }
    }

    func liveChangeTag(of recordName: String, inZone zoneID: Int64) throws -> String? {
        try transaction.rows("SELECT change_tag FROM records WHERE zone_id = \(zoneID) AND record_name = \(recordName) AND NOT deleted")
            .first?.decode(String.self)
    }

    func liveRecord(named recordName: String, inZone zoneID: Int64) throws -> StoredRecord? {
        try transaction.rows("""
            SELECT \(unescaped: PostgresStorage.recordColumns) FROM records WHERE zone_id = \(zoneID) AND record_name = \(recordName) AND NOT deleted
            """
        ).first.map { try PostgresStorage.storedRow($0).row.decoded() }
    }

    func insert(_ record: StoredRecord, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws -> Bool {
        // One statement inserts the record or revives its tombstone, and leaves a live record alone.
        try transaction.execute("""
            INSERT INTO records (zone_id, record_name, record_type, change_tag, fields, created_at, created_by,
                created_device, modified_at, modified_by, modified_device, deleted, change_number, parent_name, share_info)
            VALUES (\(zoneID), \(record.recordName), \(record.recordType), \(changeTag), \(StoredText.fields(record.fields)),
                \(record.created.timestamp.millisecondsSince1970), \(record.created.userRecordName), \(record.created.deviceID),
                \(record.modified.timestamp.millisecondsSince1970), \(record.modified.userRecordName), \(record.modified.deviceID),
                FALSE, \(changeNumber), \(record.parent), \(try StoredText.share(record.shareInfo)))
            ON CONFLICT (zone_id, record_name) DO UPDATE SET
                record_type = excluded.record_type, change_tag = excluded.change_tag, fields = excluded.fields,
                created_at = excluded.created_at, created_by = excluded.created_by,
                created_device = excluded.created_device, modified_at = excluded.modified_at,
                modified_by = excluded.modified_by, modified_device = excluded.modified_device, deleted = FALSE,
                change_number = excluded.change_number, parent_name = excluded.parent_name, share_info = excluded.share_info
            WHERE records.deleted
            """) == 1
    }

    func update(_ record: StoredRecord, expectedTag: String, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws -> Bool {
        try transaction.execute("""
            UPDATE records SET record_type = \(record.recordType), change_tag = \(changeTag), fields = \(StoredText.fields(record.fields)),
                modified_at = \(record.modified.timestamp.millisecondsSince1970), modified_by = \(record.modified.userRecordName),
                modified_device = \(record.modified.deviceID), change_number = \(changeNumber), parent_name = \(record.parent),
                share_info = \(try StoredText.share(record.shareInfo))
            WHERE zone_id = \(zoneID) AND record_name = \(record.recordName) AND change_tag = \(expectedTag) AND NOT deleted
            """) == 1
    }

    func tombstone(_ recordName: String, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws {
        try transaction.execute("""
            UPDATE records SET deleted = TRUE, fields = '{}', share_info = NULL, change_tag = \(changeTag), change_number = \(changeNumber)
            WHERE zone_id = \(zoneID) AND record_name = \(recordName)
            """)
    }

    func references(to target: String, inZone zoneID: Int64) throws -> [(source: String, action: ReferenceAction)] {
        try transaction.rows("SELECT source_name, action FROM record_references WHERE zone_id = \(zoneID) AND target_name = \(target)")
            .compactMap { row in
                let (source, action) = try row.decode((String, String).self)
                return ReferenceAction(rawValue: action).map { (source, $0) }
            }
    }

    func replaceIndexes(of record: StoredRecord, with indexes: RecordIndexes, isNew: Bool, inZone zoneID: Int64) throws {
        try PostgresStorage.replaceIndexes(of: record, with: indexes, zoneID: zoneID, in: transaction, isNew: isNew)
    }

    func removeIndexes(of recordName: String, inZone zoneID: Int64) throws {
        try PostgresStorage.removeIndexes(of: recordName, zoneID: zoneID, in: transaction)
    }

    func undoable(_ body: () throws -> Bool) throws {
        try transaction.execute("SAVEPOINT undoable")
        if try body() {
            try transaction.execute("RELEASE SAVEPOINT undoable")
        } else {
            try transaction.execute("ROLLBACK TO SAVEPOINT undoable")
            try transaction.execute("RELEASE SAVEPOINT undoable")
        }
    }
}
