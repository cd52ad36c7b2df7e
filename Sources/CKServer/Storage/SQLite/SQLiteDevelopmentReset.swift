import CKModel
import GRDB

/// `DevelopmentResetTransaction` in SQLite: the statements `DevelopmentReset` runs in the writer's open transaction.
struct SQLiteDevelopmentReset: DevelopmentResetTransaction {
    let db: Database
    let container: ContainerID

    func copyProductionSchemaToDevelopment() throws -> Bool {
        try db.execute(
            sql: """
                UPDATE schemas SET ckdb = (SELECT ckdb FROM schemas WHERE container_id = ? AND environment = ?)
                WHERE container_id = ? AND environment = ?
                """,
            arguments: [container.rawValue, ContainerEnvironment.production.rawValue, container.rawValue, ContainerEnvironment.development.rawValue])
        return db.changesCount == 1
    }

    func liveRecordCounts(in environment: ContainerEnvironment) throws -> [String: Int] {
        try Dictionary(
            uniqueKeysWithValues: Row.fetchAll(
                db,
                sql: """
                    SELECT records.record_type, COUNT(*) AS records FROM records JOIN zones ON zones.id = records.zone_id
                    WHERE zones.container_id = ? AND zones.environment = ? AND records.deleted = 0
                    GROUP BY records.record_type
                    """,
                arguments: [container.rawValue, environment.rawValue]
            ).map { row -> (String, Int) in (row["record_type"], row["records"]) })
    }

    func zones(in environment: ContainerEnvironment) throws -> [(rowID: Int64, zone: ZoneKey)] {
        try Row.fetchAll(
            db,
            sql: "SELECT id, database_scope, owner_record_name, zone_name FROM zones WHERE container_id = ? AND environment = ?",
            arguments: [container.rawValue, environment.rawValue]
        ).compactMap { row in
            DatabaseScope(rawValue: row["database_scope"]).map { scope in
                (row["id"], ZoneKey(
                    container: container, environment: environment, database: scope, ownerRecordName: row["owner_record_name"],
                    zoneName: row["zone_name"]))
            }
        }
    }

    func deleteZone(rowID: Int64, _ zone: ZoneKey) throws {
        try SQLiteStorage.deleteZoneRow(rowID, zone, db: db)
    }

    func deleteSubscriptions(in environment: ContainerEnvironment) throws {
        try db.execute(
            sql: "DELETE FROM subscriptions WHERE container_id = ? AND environment = ?", arguments: [container.rawValue, environment.rawValue])
    }
}
