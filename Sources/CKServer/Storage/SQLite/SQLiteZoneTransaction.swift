import CKModel
import GRDB

/// `ZoneWriteTransaction` in SQLite: the statements `RecordBatch` runs in the writer's open transaction on `zone`.
struct SQLiteZoneTransaction: ZoneWriteTransaction {
    let db: Database
    let zone: ZoneKey

    func zoneRowID() throws -> Int64? {
        try SQLiteStorage.zoneRowID(db, zone)
    }

    func createZoneRow() throws -> Int64 {
        try SQLiteStorage.createZoneRow(db, zone)
    }

    /// Nothing to prepare: SQLite answers each write's statement in microseconds, in this process.
    func prepareInserts(of recordNames: [String], inZone zone: Int64) throws {}

    func lastChange(ofZone zoneID: Int64) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT last_change FROM zones WHERE id = ?"), arguments: [zoneID]) ?? 0
    }

    func finish(zone zoneID: Int64, lastChange: Int64, changed: Bool) throws {
        try db.executeCached(sql: "UPDATE zones SET last_change = ? WHERE id = ?", binding: lastChange, zoneID)
        if changed {
            try SQLiteStorage.markChanged(zoneID: zoneID, zone, db: db)
        }
    }

    func liveChangeTag(of recordName: String, inZone zoneID: Int64) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT change_tag FROM records WHERE zone_id = ? AND record_name = ? AND deleted = 0"),
            arguments: [zoneID, recordName])
    }

    func liveRecord(named recordName: String, inZone zoneID: Int64) throws -> StoredRecord? {
        try SQLiteStorage.storedRows(
            db, sql: "SELECT \(SQLiteStorage.recordColumns) FROM records WHERE zone_id = ? AND record_name = ? AND deleted = 0",
            binding: [zoneID, recordName]
        ).first?.decoded()
    }

    func insert(_ record: StoredRecord, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws -> Bool {
        // One statement inserts the record or revives its tombstone, and leaves a live record alone.
        try db.executeCached(
            sql: """
                INSERT INTO records (zone_id, record_name, record_type, change_tag, fields, created_at, created_by,
                    created_device, modified_at, modified_by, modified_device, deleted, change_number, parent_name, share_info)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)
                ON CONFLICT (zone_id, record_name) DO UPDATE SET
                    record_type = excluded.record_type, change_tag = excluded.change_tag, fields = excluded.fields,
                    created_at = excluded.created_at, created_by = excluded.created_by,
                    created_device = excluded.created_device, modified_at = excluded.modified_at,
                    modified_by = excluded.modified_by, modified_device = excluded.modified_device, deleted = 0,
                    change_number = excluded.change_number, parent_name = excluded.parent_name, share_info = excluded.share_info
                WHERE records.deleted = 1
                """,
            binding: zoneID, record.recordName, record.recordType, changeTag, StoredText.fields(record.fields),
            record.created.timestamp.millisecondsSince1970, record.created.userRecordName, record.created.deviceID,
            record.modified.timestamp.millisecondsSince1970, record.modified.userRecordName,
            record.modified.deviceID, changeNumber, record.parent, try StoredText.share(record.shareInfo))
        return db.changesCount == 1
    }

    func update(_ record: StoredRecord, expectedTag: String, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws -> Bool {
        try db.executeCached(
            sql: """
                UPDATE records SET record_type = ?, change_tag = ?, fields = ?, modified_at = ?, modified_by = ?,
                    modified_device = ?, change_number = ?, parent_name = ?, share_info = ?
                WHERE zone_id = ? AND record_name = ? AND change_tag = ? AND deleted = 0
                """,
            binding: record.recordType, changeTag, StoredText.fields(record.fields),
            record.modified.timestamp.millisecondsSince1970, record.modified.userRecordName, record.modified.deviceID,
            changeNumber, record.parent, try StoredText.share(record.shareInfo), zoneID, record.recordName, expectedTag)
        return db.changesCount == 1
    }

    func tombstone(_ recordName: String, changeTag: String, changeNumber: Int64, inZone zoneID: Int64) throws {
        try db.executeCached(
            sql: """
                UPDATE records SET deleted = 1, fields = '{}', share_info = NULL, change_tag = ?, change_number = ?
                WHERE zone_id = ? AND record_name = ?
                """,
            binding: changeTag, changeNumber, zoneID, recordName)
    }

    func references(to target: String, inZone zoneID: Int64) throws -> [(source: String, action: ReferenceAction)] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT source_name, action FROM record_references WHERE zone_id = ? AND target_name = ?"),
            arguments: [zoneID, target]
        ).compactMap { row in ReferenceAction(rawValue: row["action"]).map { (row["source_name"], $0) } }
    }

    func replaceIndexes(of record: StoredRecord, with indexes: RecordIndexes, isNew: Bool, inZone zoneID: Int64) throws {
        try SQLiteStorage.replaceIndexes(of: record, with: indexes, zoneID: zoneID, db: db, isNew: isNew)
    }

    func removeIndexes(of recordName: String, inZone zoneID: Int64) throws {
        try SQLiteStorage.removeIndexes(of: recordName, zoneID: zoneID, db: db)
    }

    func undoable(_ body: () throws -> Bool) throws {
        try db.inSavepoint { try body() ? .commit : .rollback }
    }
}
