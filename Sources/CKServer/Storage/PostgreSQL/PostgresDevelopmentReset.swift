import CKModel
import PostgresNIO

/// `DevelopmentResetTransaction` in PostgreSQL: the statements `DevelopmentReset` runs in an open transaction.
struct PostgresDevelopmentReset: DevelopmentResetTransaction {
    let transaction: PostgresTransaction
    let container: ContainerID

    func copyProductionSchemaToDevelopment() throws -> Bool {
        try transaction.execute("""
            UPDATE schemas SET ckdb = (SELECT ckdb FROM schemas WHERE container_id = \(container.rawValue) AND environment = 'production')
            WHERE container_id = \(container.rawValue) AND environment = 'development'
            """) == 1
    }

    func liveRecordCounts(in environment: ContainerEnvironment) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try transaction.rows("""
            SELECT records.record_type, COUNT(*) FROM records JOIN zones ON zones.id = records.zone_id
            WHERE zones.container_id = \(container.rawValue) AND zones.environment = \(environment.rawValue) AND NOT records.deleted
            GROUP BY records.record_type
            """
        ).map { try $0.decode((String, Int).self) })
    }

    /// The zones, every row locked at once and in one order before any is deleted: writers then finish first,
    /// and none waits on the reset in a circle.
    func zones(in environment: ContainerEnvironment) throws -> [(rowID: Int64, zone: ZoneKey)] {
        try transaction.rows("""
            SELECT id, database_scope, owner_record_name, zone_name FROM zones
            WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue)
            ORDER BY id FOR UPDATE
            """
        ).compactMap { row in
            let (id, scope, owner, name) = try row.decode((Int64, String, String, String).self)
            return DatabaseScope(rawValue: scope).map { scope in
                (id, ZoneKey(container: container, environment: environment, database: scope, ownerRecordName: owner, zoneName: name))
            }
        }
    }

    func deleteZone(rowID: Int64, _ zone: ZoneKey) throws {
        try PostgresStorage.deleteZoneRow(rowID, zone, in: transaction)
    }

    func deleteSubscriptions(in environment: ContainerEnvironment) throws {
        try transaction.execute("DELETE FROM subscriptions WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue)")
    }
}
