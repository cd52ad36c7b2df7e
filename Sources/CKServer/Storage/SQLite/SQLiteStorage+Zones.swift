import CKModel
import GRDB

extension SQLiteStorage {
    public func zones(in database: ZoneKey.Database) async throws -> [ZoneState] {
        try readNow { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT id, zone_name, last_change FROM zones
                    WHERE container_id = ? AND environment = ? AND database_scope = ? AND owner_record_name = ?
                    """),
                arguments: [database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName])
            return ZoneListing.listed(
                rows.map { row in ZoneState(key: database.zone(row["zone_name"]), incarnation: row["id"], lastChange: row["last_change"]) },
                in: database)
        }
    }

    public func createZone(_ zone: ZoneKey) async throws -> ZoneState {
        try await write { db in
            let id = try Self.insisting(unique: "the zone \(zone.zoneName) already exists") {
                try Self.createZoneRow(db, zone)
            }
            return ZoneState(key: zone, incarnation: id, lastChange: 0)
        }
    }

    public func zoneState(_ zone: ZoneKey) async throws -> ZoneState? {
        try readNow { db in try Self.zoneState(db, zone) }
    }

    public func forEachChange(
        in zone: ZoneKey, after changeNumber: Int64, limit: Int, recordTypes: [String]?, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws -> ZoneState? {
        let sql = "SELECT \(Self.recordColumns) FROM records WHERE zone_id = ? AND change_number > ?"
            + (recordTypes == nil ? "" : " AND record_type IN \(Self.listParameter)") + " ORDER BY change_number LIMIT ?"
        let arguments: @Sendable (ZoneState) -> [any SQLiteBindable] = { state in
            [state.incarnation, changeNumber] + (recordTypes.map { [StoredText.list($0)] } ?? []) + [Int64(limit)]
        }
        guard recordTypes != nil else {
            // A page of changes scans at most the page: read on the calling thread, each row handed over in place.
            return try readNow { db in
                guard let state = try Self.zoneState(db, zone) else { return nil }
                if state.incarnation > 0 {
                    try db.forEachRowCached(sql: sql, binding: arguments(state)) { try body(SQLiteRecordColumns(columns: $0)) }
                }
                return state
            }
        }
        // Filtered by record types it may scan the whole zone: on a reader's thread, the rows made into values.
        let read = try await writer.read { db -> (state: ZoneState, changes: [RecordChange])? in
            guard let state = try Self.zoneState(db, zone) else { return nil }
            guard state.incarnation > 0 else { return (state, []) }
            var changes: [RecordChange] = []
            try Self.forEachStoredRow(db, sql: sql, binding: arguments(state)) { row, columns in
                let isDeleted = columns.bool(RecordRowColumn.deleted.rawValue)
                changes.append(RecordChange(row: row, isDeleted: isDeleted, changeNumber: columns.int64(RecordRowColumn.changeNumber.rawValue)))
            }
            return (state, changes)
        }
        try read?.changes.forEach(body)
        return read?.state
    }

    private static func zoneState(_ db: Database, _ zone: ZoneKey) throws -> ZoneState? {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT id, last_change FROM zones WHERE container_id = ? AND environment = ? AND database_scope = ?
                    AND owner_record_name = ? AND zone_name = ?
                """),
            arguments: [zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName])
        return ZoneListing.state(row.map { ZoneState(key: zone, incarnation: $0["id"], lastChange: $0["last_change"]) }, of: zone)
    }

    public func deleteZone(_ zone: ZoneKey) async throws -> Bool {
        try await write { db in
            guard let id = try Self.zoneRowID(db, zone) else { return false }
            try Self.deleteZoneRow(id, zone, db: db)
            return true
        }
    }

    /// Deletes a zone with everything it holds and leaves a tombstone for the database's change feed.
    static func deleteZoneRow(_ id: Int64, _ zone: ZoneKey, db: Database) throws {
        try db.execute(sql: "DELETE FROM records WHERE zone_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM record_index WHERE zone_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM record_references WHERE zone_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM record_assets WHERE zone_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM record_search WHERE rowid IN (SELECT id FROM search_rows WHERE zone_id = ?)", arguments: [id])
        try db.execute(sql: "DELETE FROM search_rows WHERE zone_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM shares WHERE zone_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM share_participants WHERE zone_id = ?", arguments: [id])
        let change = try Self.nextDatabaseChange(zone.databaseKey, db: db)
        try db.execute(
            sql: """
                INSERT INTO zone_tombstones (container_id, environment, database_scope, owner_record_name, zone_name, database_change)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (container_id, environment, database_scope, owner_record_name, zone_name)
                DO UPDATE SET database_change = excluded.database_change
                """,
            arguments: [zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName, change])
        try db.execute(sql: "DELETE FROM zones WHERE id = ?", arguments: [id])
    }

    public func zoneChanges(in database: ZoneKey.Database, after change: Int64, limit: Int) async throws -> (lastChange: Int64, zones: [ZoneChange]) {
        try readNow { db in
            let key: StatementArguments = [database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName]
            let last = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    SELECT last_change FROM databases
                    WHERE container_id = ? AND environment = ? AND database_scope = ? AND owner_record_name = ?
                    """),
                arguments: key) ?? 0
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT zone_name, database_change, id, last_change, 0 AS deleted FROM zones
                    WHERE container_id = ? AND environment = ? AND database_scope = ? AND owner_record_name = ? AND database_change > ?
                    UNION ALL
                    SELECT zone_name, database_change, 0, 0, 1 FROM zone_tombstones
                    WHERE container_id = ? AND environment = ? AND database_scope = ? AND owner_record_name = ? AND database_change > ?
                    ORDER BY database_change LIMIT ?
                    """),
                arguments: key + [change] + key + [change, limit])
            return (last, rows.map { row in
                ZoneChange(
                    state: ZoneState(key: database.zone(row["zone_name"]), incarnation: row["id"], lastChange: row["last_change"]),
                    isDeleted: row["deleted"], databaseChange: row["database_change"])
            })
        }
    }
}
