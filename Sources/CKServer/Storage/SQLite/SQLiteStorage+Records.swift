import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func zoneExists(_ zone: ZoneKey) async throws -> Bool {
        if zone.isDefaultZone {
            return true
        }
        return try readNow { db in try Self.zoneRowID(db, zone) != nil }
    }

    public func records(named names: [String], in zone: ZoneKey) async throws -> [String: StoredRecord] {
        try await recordRows(named: names, in: zone).mapValues { try $0.decoded() }
    }

    public func recordRows(named names: [String], in zone: ZoneKey) async throws -> [String: StoredRecordRow] {
        guard !names.isEmpty else { return [:] }
        return try readNow { db in
            guard let zoneID = try Self.zoneRowID(db, zone) else { return [:] }
            let rows = try Self.storedRows(
                db, sql: "SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND deleted = 0 AND record_name IN \(Self.listParameter)",
                binding: [zoneID, try Self.list(names)])
            return Dictionary(rows.map { ($0.record.recordName, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    public func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool) async throws -> [Result<AppliedWrite, ServerError>] {
        return try await writer.writeWithoutTransaction { db in
            var outcomes: [Result<AppliedWrite, ServerError>] = []
            try db.inTransaction {
                outcomes = []
                // Only a default zone is created by its first write; a custom zone deleted meanwhile stays deleted.
                guard let zoneID = try Self.zoneRowID(db, zone) ?? (zone.isDefaultZone ? Self.createZoneRow(db, zone) : nil) else {
                    throw ServerError(.zoneNotFound, reason: "there is no zone \(zone.zoneName)")
                }
                var lastChange = try Int64.fetchOne(db.cachedStatement(sql: "SELECT last_change FROM zones WHERE id = ?"), arguments: [zoneID]) ?? 0
                for (index, write) in writes.enumerated() {
                    var changeAfter = lastChange
                    var outcome: Result<Int64, ServerError> = .success(0)
                    var cascaded: [StoredRecord] = []
                    if case .delete = write {
                        // A delete's cascade may fail half way: undo what it did.
                        try db.inSavepoint {
                            outcome = try Self.apply(write, zoneID: zoneID, lastChange: &changeAfter, cascaded: &cascaded, db: db)
                            if case .failure = outcome { return .rollback }
                            return .commit
                        }
                    } else {
                        // Saves check everything before their first statement, so a refused one wrote nothing.
                        outcome = try Self.apply(write, zoneID: zoneID, lastChange: &changeAfter, cascaded: &cascaded, db: db)
                    }
                    switch outcome {
                    case .failure(let failure):
                        if atomic {
                            outcomes = RecordRefusal.atomicBatch(writes.map(\.recordName), failedAt: index, with: failure).map { .failure($0) }
                            return .rollback
                        }
                        outcomes.append(.failure(failure))
                    case .success(let ownChange):
                        lastChange = changeAfter
                        outcomes.append(.success(AppliedWrite(changeTag: ChangeTag.of(change: ownChange, zoneRowID: zoneID), cascaded: cascaded)))
                    }
                }
                try db.executeCached(sql: "UPDATE zones SET last_change = ? WHERE id = ?", binding: lastChange, zoneID)
                if outcomes.contains(where: { if case .success = $0 { true } else { false } }) {
                    try Self.markChanged(zoneID: zoneID, zone, db: db)
                }
                return .commit
            }
            return outcomes
        }
    }

    /// Applies one write, taking change numbers after `lastChange` (a delete's cascade takes one per record,
    /// and collects the records it removes in `cascaded`), and returns the change number of the written record
    /// itself, or why the write is refused.
    private static func apply(
        _ write: RecordWrite, zoneID: Int64, lastChange: inout Int64, cascaded: inout [StoredRecord], db: Database
    ) throws -> Result<Int64, ServerError> {
        switch write {
        case .insert(let record, let indexes):
            if let failure = try missingValidatedTarget(of: record, indexes, zoneID: zoneID, db: db) {
                return .failure(failure)
            }
            // One statement inserts the record or revives its tombstone, and leaves a live record alone (EXISTS).
            lastChange += 1
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
                binding: zoneID, record.recordName, record.recordType, ChangeTag.of(change: lastChange, zoneRowID: zoneID), fieldsText(record.fields),
                record.created.timestamp.millisecondsSince1970, record.created.userRecordName, record.created.deviceID,
                record.modified.timestamp.millisecondsSince1970, record.modified.userRecordName,
                record.modified.deviceID, lastChange, record.parent, try shareText(record.shareInfo))
            guard db.changesCount == 1 else {
                return .failure(RecordRefusal.taken(record.recordName))
            }
            // A tombstone lost its index entries when it was deleted, so the record has none to replace.
            try replaceIndexes(of: record, with: indexes, zoneID: zoneID, db: db, isNew: true)
            return .success(lastChange)
        case .update(let record, let indexes, let expectedTag):
            if let failure = try missingValidatedTarget(of: record, indexes, zoneID: zoneID, db: db) {
                return .failure(failure)
            }
            try db.executeCached(
                sql: """
                    UPDATE records SET record_type = ?, change_tag = ?, fields = ?, modified_at = ?, modified_by = ?,
                        modified_device = ?, change_number = ?, parent_name = ?, share_info = ?
                    WHERE zone_id = ? AND record_name = ? AND change_tag = ? AND deleted = 0
                    """,
                binding: record.recordType, ChangeTag.of(change: lastChange + 1, zoneRowID: zoneID), fieldsText(record.fields),
                record.modified.timestamp.millisecondsSince1970, record.modified.userRecordName, record.modified.deviceID,
                lastChange + 1, record.parent, try shareText(record.shareInfo), zoneID, record.recordName, expectedTag)
            guard db.changesCount == 1 else { return .failure(try missingOrChanged(record.recordName, zoneID: zoneID, db: db)) }
            lastChange += 1
            try replaceIndexes(of: record, with: indexes, zoneID: zoneID, db: db)
            return .success(lastChange)
        case .delete(let recordName, let expectedTag):
            guard try String.fetchOne(
                db.cachedStatement(sql: "SELECT change_tag FROM records WHERE zone_id = ? AND record_name = ? AND deleted = 0"),
                arguments: [zoneID, recordName]) == expectedTag
            else { return .failure(try missingOrChanged(recordName, zoneID: zoneID, db: db)) }
            let own = lastChange + 1
            var deleted = Set<String>()
            if let failure = try cascadeDelete(recordName, zoneID: zoneID, lastChange: &lastChange, deleted: &deleted, cascaded: &cascaded, db: db) {
                return .failure(failure)
            }
            return .success(own)
        }
    }

    /// Deletes a record and, through DELETE_SELF references, every record that depends on it (a worklist, so a
    /// long chain needs no deep recursion); refused while a VALIDATE reference from a record that stays points
    /// at one of them.
    private static func cascadeDelete(
        _ recordName: String, zoneID: Int64, lastChange: inout Int64, deleted: inout Set<String>, cascaded: inout [StoredRecord],
        db: Database
    ) throws -> ServerError? {
        var pending = [recordName]
        var validated: [(source: String, target: String)] = []
        while let name = pending.popLast() {
            guard deleted.insert(name).inserted, try isLive(name, zoneID: zoneID, db: db) else { continue }
            if name != recordName,
                let row = try storedRows(db, sql: "SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND record_name = ?", binding: [zoneID, name]).first
            {
                cascaded.append(try row.decoded())
            }
            lastChange += 1
            try db.executeCached(
                sql: """
                    UPDATE records SET deleted = 1, fields = '{}', share_info = NULL, change_tag = ?, change_number = ?
                    WHERE zone_id = ? AND record_name = ?
                    """,
                binding: ChangeTag.of(change: lastChange, zoneRowID: zoneID), lastChange, zoneID, name)
            try removeIndexes(of: name, zoneID: zoneID, db: db)
            let sources = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT source_name, action FROM record_references WHERE zone_id = ? AND target_name = ?"),
                arguments: [zoneID, name])
            for source in sources {
                let sourceName: String = source["source_name"]
                if source["action"] == ReferenceAction.validate.rawValue {
                    validated.append((sourceName, name))
                } else {
                    pending.append(sourceName)
                }
            }
        }
        if let (source, target) = validated.first(where: { !deleted.contains($0.source) }) {
            return RecordRefusal.heldTarget(target, by: source, deleting: recordName)
        }
        return nil
    }

    /// The error for a VALIDATE reference whose target does not exist, or `nil` when every target does.
    private static func missingValidatedTarget(of record: StoredRecord, _ indexes: RecordIndexes, zoneID: Int64, db: Database) throws
        -> ServerError?
    {
        for reference in indexes.references where reference.action == .validate {
            if reference.targetRecordName != record.recordName, try !isLive(reference.targetRecordName, zoneID: zoneID, db: db) {
                return RecordRefusal.missingTarget(reference.targetRecordName, of: record.recordName)
            }
        }
        return nil
    }

    private static func isLive(_ recordName: String, zoneID: Int64, db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT deleted = 0 FROM records WHERE zone_id = ? AND record_name = ?"),
            arguments: [zoneID, recordName]) == true
    }

    public func reindex(
        recordType: String, in container: ContainerID, environment: ContainerEnvironment,
        _ indexes: @escaping @Sendable (StoredRecord) -> RecordIndexes
    ) async throws {
        try await writer.write { db in
            let zoneIDs = try Int64.fetchAll(
                db, sql: "SELECT id FROM zones WHERE container_id = ? AND environment = ?",
                arguments: [container.rawValue, environment.rawValue])
            for zoneID in zoneIDs {
                let rows = try Self.storedRows(
                    db, sql: "SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND record_type = ? AND deleted = 0", binding: [zoneID, recordType])
                for row in rows {
                    let record = try row.decoded()
                    try Self.replaceIndexes(of: record, with: indexes(record), zoneID: zoneID, db: db)
                }
            }
        }
    }

    /// Puts a record's index entries in place of the ones it had.
    private static func replaceIndexes(
        of record: StoredRecord, with indexes: RecordIndexes, zoneID: Int64, db: Database, isNew: Bool = false
    ) throws {
        if !isNew {
            try removeIndexes(of: record.recordName, zoneID: zoneID, db: db)
        }
        for receipt in indexes.assetReceipts {
            try db.executeCached(
                sql: "INSERT INTO record_assets (zone_id, record_name, receipt) VALUES (?, ?, ?)",
                binding: zoneID, record.recordName, receipt)
            try db.executeCached(sql: "UPDATE assets SET was_held = 1 WHERE receipt = ? AND NOT was_held", binding: receipt)
        }
        for reference in indexes.references {
            try db.executeCached(
                sql: "INSERT INTO record_references (zone_id, source_name, target_name, action) VALUES (?, ?, ?, ?)",
                binding: zoneID, record.recordName, reference.targetRecordName, reference.action.rawValue)
        }
        for entry in indexes.entries {
            try db.executeCached(
                sql: "INSERT INTO record_index (zone_id, record_type, field_name, value, record_name) VALUES (?, ?, ?, ?, ?)",
                binding: zoneID, record.recordType, entry.fieldName, entry.value.databaseValue, record.recordName)
        }
        if let share = record.shareInfo {
            try db.executeCached(
                sql: "INSERT INTO shares (zone_id, share_name, root_name, short_guid) VALUES (?, ?, ?, ?)",
                binding: zoneID, record.recordName, share.rootRecordName, share.shortGUID)
            for participant in share.participants where participant.acceptanceStatus != .removed {
                try db.executeCached(
                    sql: "INSERT INTO share_participants (zone_id, share_name, user_record_name, accepted) VALUES (?, ?, ?, ?)",
                    binding: zoneID, record.recordName, participant.userRecordName, participant.acceptanceStatus == .accepted)
            }
        }
        for entry in indexes.searchEntries {
            try db.executeCached(
                sql: "INSERT INTO search_rows (zone_id, record_type, field_name, record_name) VALUES (?, ?, ?, ?)",
                binding: zoneID, record.recordType, entry.fieldName, record.recordName)
            try db.executeCached(sql: "INSERT INTO record_search (rowid, content) VALUES (?, ?)", binding: db.lastInsertedRowID, entry.text)
        }
    }

    /// Removes a record's index entries.
    private static func removeIndexes(of recordName: String, zoneID: Int64, db: Database) throws {
        try db.executeCached(sql: "DELETE FROM record_index WHERE zone_id = ? AND record_name = ?", binding: zoneID, recordName)
        try db.executeCached(sql: "DELETE FROM record_references WHERE zone_id = ? AND source_name = ?", binding: zoneID, recordName)
        try db.executeCached(sql: "DELETE FROM record_assets WHERE zone_id = ? AND record_name = ?", binding: zoneID, recordName)
        try db.executeCached(sql: "DELETE FROM shares WHERE zone_id = ? AND share_name = ?", binding: zoneID, recordName)
        try db.executeCached(sql: "DELETE FROM share_participants WHERE zone_id = ? AND share_name = ?", binding: zoneID, recordName)
        let searchRows = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM search_rows WHERE zone_id = ? AND record_name = ?"), arguments: [zoneID, recordName])
        for id in searchRows {
            try db.executeCached(sql: "DELETE FROM record_search WHERE rowid = ?", binding: id)
        }
        if !searchRows.isEmpty {
            try db.executeCached(sql: "DELETE FROM search_rows WHERE zone_id = ? AND record_name = ?", binding: zoneID, recordName)
        }
    }

    /// Why a conditional write matched no row: the record is gone, or another save changed it first.
    private static func missingOrChanged(_ recordName: String, zoneID: Int64, db: Database) throws -> ServerError {
        try isLive(recordName, zoneID: zoneID, db: db) ? RecordRefusal.changed(recordName) : RecordRefusal.missing(recordName)
    }

    /// A record's fields as stored: the JSON of their wire form.
    private static func fieldsText(_ fields: [String: FieldValue]) -> String {
        var writer = JSONWriter(capacity: 256)
        writer.fields(fields)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func zoneRowID(_ db: Database, _ zone: ZoneKey) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: """
                SELECT id FROM zones WHERE container_id = ? AND environment = ? AND database_scope = ?
                    AND owner_record_name = ? AND zone_name = ?
                """),
            arguments: [zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName])
    }

    static func createZoneRow(_ db: Database, _ zone: ZoneKey) throws -> Int64 {
        try db.executeCached(
            sql: """
                INSERT INTO zones (container_id, environment, database_scope, owner_record_name, zone_name)
                VALUES (?, ?, ?, ?, ?)
                """,
            binding: zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName)
        let id = db.lastInsertedRowID
        try db.executeCached(
            sql: """
                DELETE FROM zone_tombstones WHERE container_id = ? AND environment = ? AND database_scope = ?
                    AND owner_record_name = ? AND zone_name = ?
                """,
            binding: zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName)
        try markChanged(zoneID: id, zone, db: db)
        return id
    }

    /// Takes the database's next change number for the zone, so `changes/database` lists it as changed.
    static func markChanged(zoneID: Int64, _ zone: ZoneKey, db: Database) throws {
        let change = try nextDatabaseChange(zone.databaseKey, db: db)
        try db.executeCached(sql: "UPDATE zones SET database_change = ? WHERE id = ?", binding: change, zoneID)
    }

    /// The database's next change number, taken.
    static func nextDatabaseChange(_ database: ZoneKey.Database, db: Database) throws -> Int64 {
        return try Int64.fetchOne(
            db.cachedStatement(sql: """
                INSERT INTO databases (container_id, environment, database_scope, owner_record_name, last_change) VALUES (?, ?, ?, ?, 1)
                ON CONFLICT (container_id, environment, database_scope, owner_record_name) DO UPDATE SET last_change = last_change + 1
                RETURNING last_change
                """),
            arguments: [database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName]) ?? 0
    }

    /// The columns of a record as `storedRecord` reads them, by position (reading by name costs a case-folded
    /// lookup per column): the row, and the share whose root it is.
    static let recordColumns = """
        record_name, record_type, change_tag, fields, created_at, created_by, created_device, modified_at, modified_by,
        modified_device, parent_name, share_info, deleted, change_number,
        (SELECT share_name FROM shares WHERE shares.zone_id = records.zone_id AND shares.root_name = records.record_name) AS root_share
        """

    /// The positions of `recordColumns`, as SQLite's C API counts them.
    enum RecordColumn {
        static let name: Int32 = 0, type: Int32 = 1, changeTag: Int32 = 2, fields: Int32 = 3, createdAt: Int32 = 4
        static let createdBy: Int32 = 5, createdDevice: Int32 = 6, modifiedAt: Int32 = 7, modifiedBy: Int32 = 8, modifiedDevice: Int32 = 9
        static let parent: Int32 = 10, shareInfo: Int32 = 11, deleted: Int32 = 12, changeNumber: Int32 = 13, rootShare: Int32 = 14
    }

    /// A share's description as stored in its record's row.
    private static func shareText(_ share: StoredShare?) throws -> String? {
        try share.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }

    /// `IN` over a list bound as one parameter (`list(_:)`), so that lists of every length share one cached
    /// statement instead of leaving one per length in the cache.
    static let listParameter = "(SELECT value FROM json_each(?))"

    /// The parameter `listParameter` reads: `values` as a JSON array.
    static func list(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }

    /// The records the statement `sql` (selecting `recordColumns`) reads, for an answer, read through SQLite's
    /// C API.
    static func storedRows(_ db: Database, sql: String, binding values: [any SQLiteBindable]) throws -> [StoredRecordRow] {
        var rows: [StoredRecordRow] = []
        try forEachStoredRow(db, sql: sql, binding: values) { row, _ in rows.append(row) }
        return rows
    }

    /// Hands `body` each record the statement `sql` (selecting `recordColumns`) reads, for an answer, with the
    /// row's columns for what else the statement selected.
    static func forEachStoredRow(
        _ db: Database, sql: String, binding values: [any SQLiteBindable], _ body: (StoredRecordRow, SQLiteColumns) throws -> Void
    ) throws {
        typealias Column = RecordColumn
        try db.forEachRowCached(sql: sql, binding: values) { columns in
            let shareInfo = try columns.optionalText(Column.shareInfo).map { try JSONDecoder().decode(StoredShare.self, from: Data($0.utf8)) }
            let record = StoredRecord(
                recordName: columns.text(Column.name), recordType: columns.text(Column.type),
                changeTag: columns.text(Column.changeTag), fields: [:],
                created: RecordStamp(
                    timestamp: Timestamp(millisecondsSince1970: columns.int64(Column.createdAt)),
                    userRecordName: columns.optionalText(Column.createdBy), deviceID: columns.optionalText(Column.createdDevice)),
                modified: RecordStamp(
                    timestamp: Timestamp(millisecondsSince1970: columns.int64(Column.modifiedAt)),
                    userRecordName: columns.optionalText(Column.modifiedBy), deviceID: columns.optionalText(Column.modifiedDevice)),
                parent: columns.optionalText(Column.parent), share: columns.optionalText(Column.rootShare), shareInfo: shareInfo)
            try body(StoredRecordRow(record: record, fieldsJSON: columns.bytes(Column.fields)), columns)
        }
    }
}
