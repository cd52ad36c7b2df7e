import CKModel
import PostgresNIO

extension PostgresStorage: ZoneStorage {
    public func zoneExists(_ zone: ZoneKey) async throws -> Bool {
        try await ZoneListing.exists(zone) { try await read { transaction in try Self.zoneRowID(zone, in: transaction) != nil } }
    }

    public func zones(in database: ZoneKey.Database) async throws -> [ZoneState] {
        try await read { transaction in
            let rows = try transaction.rows("""
                SELECT id, zone_name, last_change FROM zones
                WHERE container_id = \(database.container.rawValue) AND environment = \(database.environment.rawValue)
                    AND database_scope = \(database.scope.rawValue) AND owner_record_name = \(database.ownerRecordName)
                """)
            return ZoneListing.listed(
                try rows.map { row in
                    let (id, name, lastChange) = try row.decode((Int64, String, Int64).self)
                    return ZoneState(key: database.zone(name), incarnation: id, lastChange: lastChange)
                },
                in: database)
        }
    }

    public func createZone(_ zone: ZoneKey) async throws -> ZoneState {
        try await write { transaction in
            guard let id = try Self.createZoneRow(zone, in: transaction) else {
                throw ServerError(.exists, reason: "the zone \(zone.zoneName) already exists")
            }
            return ZoneState(key: zone, incarnation: id, lastChange: 0)
        }
    }

    public func zoneState(_ zone: ZoneKey) async throws -> ZoneState? {
        try await read { transaction in try Self.zoneState(zone, in: transaction) }
    }

    public func forEachChange(
        in zone: ZoneKey, after changeNumber: Int64, limit: Int, recordTypes: [String]?, _ body: (any StoredRecordColumns) throws -> Void
    ) async throws -> ZoneState? {
        let read = try await read { transaction -> (state: ZoneState, changes: [RecordChange])? in
            guard let state = try Self.zoneState(zone, in: transaction) else { return nil }
            guard state.incarnation > 0 else { return (state, []) }
            let types = recordTypes ?? []
            let rows = try transaction.rows("""
                SELECT \(unescaped: Self.recordColumns) FROM records
                WHERE zone_id = \(state.incarnation) AND change_number > \(changeNumber)
                    AND (\(recordTypes == nil) OR record_type = ANY(\(types)))
                ORDER BY change_number LIMIT \(Int64(limit))
                """)
            return (state, try rows.map { row in
                let stored = try Self.storedRow(row)
                return RecordChange(row: stored.row, isDeleted: stored.deleted, changeNumber: stored.changeNumber)
            })
        }
        try read?.changes.forEach(body)
        return read?.state
    }

    public func deleteZone(_ zone: ZoneKey) async throws -> Bool {
        try await write { transaction in
            // Locked: of two deletes at once, the second finds no zone.
            guard let id = try transaction.rows(.zone("SELECT id FROM zones", zone, lockingRow: true)).first?.decode(Int64.self) else {
                return false
            }
            try Self.deleteZoneRow(id, zone, in: transaction)
            return true
        }
    }

    public func zoneChanges(in database: ZoneKey.Database, after change: Int64, limit: Int) async throws -> (lastChange: Int64, zones: [ZoneChange]) {
        try await read { transaction in
            let (container, environment, scope, owner) = (
                database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName
            )
            let last = try transaction.rows("""
                SELECT last_change FROM databases
                WHERE container_id = \(container) AND environment = \(environment) AND database_scope = \(scope) AND owner_record_name = \(owner)
                """
            ).first?.decode(Int64.self) ?? 0
            let rows = try transaction.rows("""
                SELECT zone_name, database_change, id, last_change, FALSE AS deleted FROM zones
                WHERE container_id = \(container) AND environment = \(environment) AND database_scope = \(scope)
                    AND owner_record_name = \(owner) AND database_change > \(change)
                UNION ALL
                SELECT zone_name, database_change, 0, 0, TRUE FROM zone_tombstones
                WHERE container_id = \(container) AND environment = \(environment) AND database_scope = \(scope)
                    AND owner_record_name = \(owner) AND database_change > \(change)
                ORDER BY database_change LIMIT \(Int64(limit))
                """)
            return (last, try rows.map { row in
                let (name, databaseChange, id, lastChange, deleted) = try row.decode((String, Int64, Int64, Int64, Bool).self)
                return ZoneChange(
                    state: ZoneState(key: database.zone(name), incarnation: id, lastChange: lastChange), isDeleted: deleted,
                    databaseChange: databaseChange)
            })
        }
    }
}
