import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func zoneExists(_ zone: ZoneKey) async throws -> Bool {
        try await ZoneListing.exists(zone) { try readNow { db in try Self.zoneRowID(db, zone) != nil } }
    }

    public func forEachRecordRow(named names: [String], in zone: ZoneKey, _ body: (any StoredRecordColumns) throws -> Void) async throws {
        guard !names.isEmpty else { return }
        try readNow { db in
            guard let zoneID = try Self.zoneRowID(db, zone) else { return }
            // One name (a single-record save's lookup) is compared as it is: a list is read into a temporary table.
            let (match, name): (String, any SQLiteBindable) = names.count == 1 ? ("= ?", names[0]) : ("IN \(Self.listParameter)", StoredText.list(names))
            try db.forEachRowCached(
                sql: "SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND deleted = 0 AND record_name \(match)", binding: [zoneID, name]
            ) { try body(SQLiteRecordColumns(columns: $0)) }
        }
    }

    public func apply(_ writes: [RecordWrite], in zone: ZoneKey, atomic: Bool, rotating rotation: WebAuthTokenRotation?) async throws
        -> (outcomes: [Result<AppliedWrite, ServerError>], rotated: Bool?)
    {
        let batch: @Sendable (Database) throws -> (outcomes: [Result<AppliedWrite, ServerError>], rotated: Bool?) = { db in
            var outcomes: [Result<AppliedWrite, ServerError>] = []
            var rotated: Bool?
            try db.inCachedTransaction {
                let applied = try RecordBatch(writes: writes, atomic: atomic).apply(in: SQLiteZoneTransaction(db: db, zone: zone))
                outcomes = applied.outcomes
                guard !applied.undone else { return .rollback }
                rotated = try rotation.map { try Self.rotate($0, db: db) }
                return .commit
            }
            return (outcomes, rotated)
        }
        // A few records are written on the request's thread; a batch takes long enough to leave it free meanwhile.
        return writes.count <= Self.shortBatch ? try await writeNow(batch) : try await writeWithoutTransaction(batch)
    }

    /// The most records a batch may write to be written on the calling thread (`writeNow`).
    static let shortBatch = 10

    public func pendingReindexes() async throws -> [String] {
        try await writer.read { db in try String.fetchAll(db, sql: "SELECT record_type FROM pending_reindexes ORDER BY record_type") }
    }

    public func finishPendingReindex(of recordType: String) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM pending_reindexes WHERE record_type = ?", arguments: [recordType]) }
    }

    public func reindex(
        recordType: String, in container: ContainerID, environment: ContainerEnvironment,
        _ indexes: @escaping @Sendable (StoredRecord) -> RecordIndexes
    ) async throws {
        try await write { db in
            let zoneIDs = try Int64.fetchAll(
                db, sql: "SELECT id FROM zones WHERE container_id = ? AND environment = ?",
                arguments: [container.rawValue, environment.rawValue])
            for zoneID in zoneIDs {
                // A page of records at a time, so that a type of millions of records never sits in memory at once.
                var after = ""
                while true {
                    let rows = try Self.storedRows(
                        db, sql: """
                            SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND record_type = ? AND deleted = 0 AND record_name > ?
                            ORDER BY record_name LIMIT \(Self.reindexPage)
                            """,
                        binding: [zoneID, recordType, after])
                    for row in rows {
                        let record = try row.decoded()
                        try Self.replaceIndexes(of: record, with: indexes(record), zoneID: zoneID, db: db)
                        after = record.recordName
                    }
                    if rows.count < Self.reindexPage { break }
                }
            }
        }
    }

    /// How many records `reindex` reads at a time.
    static let reindexPage = 500

    /// Puts a record's index entries in place of the ones it had.
    static func replaceIndexes(
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
            try db.executeCached(sql: "INSERT INTO record_search (rowid, content) VALUES (?, ?)", binding: db.lastInsertedRowID, Self.searchContent(entry.text))
        }
    }

    /// What the full-text index keeps of a text: its tokens as CloudKit's search folds them (`TextTokens`),
    /// which searches look for, so that FTS5's own tokenizer (which keeps ß and ligatures) decides nothing.
    static func searchContent(_ text: String) -> String {
        TextTokens.tokens(text).joined(separator: " ")
    }

    /// Removes a record's index entries.
    static func removeIndexes(of recordName: String, zoneID: Int64, db: Database) throws {
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

    static func zoneRowID(_ db: Database, _ zone: ZoneKey) throws -> Int64? {
        try db.fetchFirstCached(
            sql: """
                SELECT id FROM zones WHERE container_id = ? AND environment = ? AND database_scope = ?
                    AND owner_record_name = ? AND zone_name = ?
                """,
            binding: [zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName]
        ) { $0.int64(0) }
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

    /// `IN` over a list bound as one parameter (a JSON array, `StoredText.list`), so that lists of every length
    /// share one cached statement instead of leaving one per length in the cache.
    static let listParameter = "(SELECT value FROM json_each(?))"

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
        try db.forEachRowCached(sql: sql, binding: values) { columns in
            try body(try SQLiteRecordColumns(columns: columns).storedRow(), columns)
        }
    }
}
