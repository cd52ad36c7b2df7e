import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func shareLocation(shortGUID: String, in container: ContainerID, environment: ContainerEnvironment) async throws
        -> (zone: ZoneKey, shareName: String)?
    {
        try await writer.read { db in
            guard let row = try Row.fetchOne(
                db.cachedStatement(sql: """
                    SELECT z.owner_record_name, z.zone_name, s.share_name FROM shares s JOIN zones z ON z.id = s.zone_id
                    WHERE s.short_guid = ? AND z.container_id = ? AND z.environment = ?
                    """),
                arguments: [shortGUID, container.rawValue, environment.rawValue])
            else { return nil }
            let zone = ZoneKey(
                container: container, environment: environment, database: .private, ownerRecordName: row[0], zoneName: row[1])
            return (zone, row[2])
        }
    }

    public func sharedZones(with userRecordName: String, in container: ContainerID, environment: ContainerEnvironment) async throws
        -> [ZoneState]
    {
        try await writer.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT DISTINCT z.id, z.owner_record_name, z.zone_name, z.last_change FROM share_participants p
                    JOIN zones z ON z.id = p.zone_id
                    WHERE p.user_record_name = ? AND p.accepted = 1 AND z.container_id = ? AND z.environment = ?
                    ORDER BY z.owner_record_name, z.zone_name
                    """),
                arguments: [userRecordName, container.rawValue, environment.rawValue]
            ).map { row in
                ZoneState(
                    key: ZoneKey(container: container, environment: environment, database: .private, ownerRecordName: row[1], zoneName: row[2]),
                    incarnation: row[0], lastChange: row[3])
            }
        }
    }

    public func shares(acceptedBy userRecordName: String, in zone: ZoneKey) async throws -> [StoredShare] {
        try await writer.read { db in
            guard let zoneID = try Self.zoneRowID(db, zone) else { return [] }
            return try String.fetchAll(
                db.cachedStatement(sql: """
                    SELECT r.share_info FROM share_participants p
                    JOIN records r ON r.zone_id = p.zone_id AND r.record_name = p.share_name
                    WHERE p.zone_id = ? AND p.user_record_name = ? AND p.accepted = 1 AND r.share_info IS NOT NULL
                    """),
                arguments: [zoneID, userRecordName]
            ).map(StoredText.share(from:))
        }
    }

    public func recordTree(from roots: [String], in zone: ZoneKey) async throws -> Set<String> {
        try await writer.read { db in
            guard let zoneID = try Self.zoneRowID(db, zone) else { return [] }
            // UNION keeps each name once, so a cycle of parents ends.
            return Set(try String.fetchAll(
                db.cachedStatement(sql: """
                    WITH RECURSIVE tree(name) AS (
                        SELECT value FROM json_each(?)
                        UNION SELECT records.record_name FROM records JOIN tree ON records.parent_name = tree.name WHERE records.zone_id = ?
                    )
                    SELECT name FROM tree
                    """),
                arguments: [StoredText.list(roots), zoneID]))
        }
    }

    public func takenNames(_ names: [String], in zone: ZoneKey) async throws -> Set<String> {
        try await writer.read { db in
            guard let zoneID = try Self.zoneRowID(db, zone), !names.isEmpty else { return [] }
            var taken = Set<String>()
            for chunk in stride(from: 0, to: names.count, by: 400).map({ Array(names[$0..<min($0 + 400, names.count)]) }) {
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                taken.formUnion(try String.fetchAll(
                    db,
                    sql: """
                        SELECT record_name FROM records WHERE zone_id = ? AND record_name IN (\(marks))
                        UNION SELECT parent_name FROM records WHERE zone_id = ? AND parent_name IN (\(marks))
                        """,
                    arguments: StatementArguments([zoneID] + chunk + [zoneID] + chunk)))
            }
            return taken
        }
    }
}
