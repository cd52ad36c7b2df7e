import CKModel
import GRDB

extension SQLiteStorage {
    public func resetDevelopment(of container: ContainerID) async throws -> [String: Int] {
        try await writer.write { db in
            let development = ContainerEnvironment.development.rawValue
            try db.execute(
                sql: """
                    UPDATE schemas SET ckdb = (SELECT ckdb FROM schemas WHERE container_id = ? AND environment = ?)
                    WHERE container_id = ? AND environment = ?
                    """,
                arguments: [container.rawValue, ContainerEnvironment.production.rawValue, container.rawValue, development])
            guard db.changesCount == 1 else {
                throw ServerError(.notFound, reason: "there is no container \(container)")
            }
            let deleted = try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(
                    db,
                    sql: """
                        SELECT records.record_type, COUNT(*) AS records FROM records JOIN zones ON zones.id = records.zone_id
                        WHERE zones.container_id = ? AND zones.environment = ? AND records.deleted = 0
                        GROUP BY records.record_type
                        """,
                    arguments: [container.rawValue, development]
                ).map { row -> (String, Int) in (row["record_type"], row["records"]) })
            let zones = try Row.fetchAll(
                db,
                sql: "SELECT id, database_scope, owner_record_name, zone_name FROM zones WHERE container_id = ? AND environment = ?",
                arguments: [container.rawValue, development])
            for row in zones {
                guard let scope = DatabaseScope(rawValue: row["database_scope"]) else { continue }
                let zone = ZoneKey(
                    container: container, environment: .development, database: scope, ownerRecordName: row["owner_record_name"],
                    zoneName: row["zone_name"])
                try Self.deleteZoneRow(row["id"], zone, db: db)
            }
            try db.execute(
                sql: "DELETE FROM subscriptions WHERE container_id = ? AND environment = ?", arguments: [container.rawValue, development])
            return deleted
        }
    }
}
