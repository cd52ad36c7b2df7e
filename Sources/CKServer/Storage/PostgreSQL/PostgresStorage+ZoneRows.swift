import CKModel
import PostgresNIO

/// The rows of zones and databases every writer goes through, always locked in one order (a zone's row, then its
/// container's through the zone triggers, then its database's counter), so that writers never wait on each other
/// in a circle.
extension PostgresStorage {
    static func zoneState(_ zone: ZoneKey, in transaction: PostgresTransaction) throws -> ZoneState? {
        let row = try transaction.rows(.zone("SELECT id, last_change FROM zones", zone)).first
        return ZoneListing.state(
            try row.map { row in
                let (id, lastChange) = try row.decode((Int64, Int64).self)
                return ZoneState(key: zone, incarnation: id, lastChange: lastChange)
            },
            of: zone)
    }

    static func zoneRowID(_ zone: ZoneKey, in transaction: PostgresTransaction) throws -> Int64? {
        try transaction.rows(PostgresQuery.zone("SELECT id FROM zones", zone)).first?.decode(Int64.self)
    }

    /// Creates the zone's row and returns its ID, or `nil` when it exists (another server may have made it a
    /// moment ago: the insert then waits for that one's commit instead of failing the transaction).
    static func createZoneRow(_ zone: ZoneKey, in transaction: PostgresTransaction) throws -> Int64? {
        let (container, environment, scope, owner, name) = (
            zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName
        )
        guard let id = try transaction.rows("""
            INSERT INTO zones (container_id, environment, database_scope, owner_record_name, zone_name)
            VALUES (\(container), \(environment), \(scope), \(owner), \(name))
            ON CONFLICT DO NOTHING RETURNING id
            """
        ).first?.decode(Int64.self) else { return nil }
        try transaction.execute(.zone("DELETE FROM zone_tombstones", zone))
        try markChanged(zoneID: id, zone, in: transaction)
        return id
    }

    /// Deletes a zone with everything it holds and leaves a tombstone for the database's change feed.
    static func deleteZoneRow(_ id: Int64, _ zone: ZoneKey, in transaction: PostgresTransaction) throws {
        // Everything the zone holds references its row and goes with it (ON DELETE CASCADE). The zone's row is
        // deleted before the database's counter is taken, the order every writer locks them in.
        try transaction.execute("DELETE FROM zones WHERE id = \(id)")
        var statement = takingDatabaseChange(zone.databaseKey)
        let key = [zone.container.rawValue, zone.environment.rawValue, zone.database.rawValue, zone.ownerRecordName, zone.zoneName]
        statement.append("""
            INSERT INTO zone_tombstones (container_id, environment, database_scope, owner_record_name, zone_name, database_change)
            SELECT \(key.map { statement.bind($0) }.joined(separator: ", ")), last_change FROM taken
            ON CONFLICT (container_id, environment, database_scope, owner_record_name, zone_name)
            DO UPDATE SET database_change = excluded.database_change
            """)
        try transaction.execute(statement.query)
    }

    /// Takes the database's next change number for the zone, so `changes/database` lists it as changed, and
    /// keeps `lastChange` as the zone's last change number when given: one statement.
    static func markChanged(zoneID: Int64, _ zone: ZoneKey, lastChange: Int64? = nil, in transaction: PostgresTransaction) throws {
        var statement = takingDatabaseChange(zone.databaseKey)
        statement.append("UPDATE zones SET database_change = (SELECT last_change FROM taken)")
        if let lastChange {
            statement.append(", last_change = \(statement.bind(lastChange))")
        }
        statement.append(" WHERE id = \(statement.bind(zoneID))")
        try transaction.execute(statement.query)
    }

    /// `WITH taken AS (…)`, which takes the database's next change number (its counter row locked) for the
    /// statement that follows to read as `taken.last_change`.
    private static func takingDatabaseChange(_ database: ZoneKey.Database) -> PostgresStatement {
        var statement = PostgresStatement("")
        let key = [database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName]
        statement.append("""
            WITH taken AS (
                INSERT INTO databases (container_id, environment, database_scope, owner_record_name, last_change)
                VALUES (\(key.map { statement.bind($0) }.joined(separator: ", ")), 1)
                ON CONFLICT (container_id, environment, database_scope, owner_record_name) DO UPDATE SET last_change = databases.last_change + 1
                RETURNING last_change
            )

            """)
        return statement
    }
}
