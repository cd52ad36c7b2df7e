import CKModel
import GRDB

extension SQLiteStorage {
    public func zones(in database: ZoneKey.Database) async throws -> [ZoneState] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT zone_name, last_change FROM zones
                    WHERE container_id = ? AND environment = ? AND database_scope = ? AND owner_record_name = ?
                    ORDER BY zone_name
                    """,
                arguments: [database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName])
            var states = rows.map { row in ZoneState(key: database.zone(row["zone_name"]), lastChange: row["last_change"]) }
            if !states.contains(where: \.key.isDefaultZone) {
                states.insert(ZoneState(key: database.zone(ZoneID.defaultZoneName), lastChange: 0), at: 0)
            }
            return states.sorted { ($0.key.isDefaultZone ? 0 : 1, $0.key.zoneName) < ($1.key.isDefaultZone ? 0 : 1, $1.key.zoneName) }
        }
    }

    public func createZone(_ zone: ZoneKey) async throws {
        try await writer.write { db in
            try Self.insisting(unique: "the zone \(zone.zoneName) already exists") {
                _ = try Self.createZoneRow(db, zone)
            }
        }
    }

    public func deleteZone(_ zone: ZoneKey) async throws -> Bool {
        try await writer.write { db in
            guard let id = try Self.zoneRowID(db, zone) else { return false }
            try db.execute(sql: "DELETE FROM records WHERE zone_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM zones WHERE id = ?", arguments: [id])
            return true
        }
    }
}
