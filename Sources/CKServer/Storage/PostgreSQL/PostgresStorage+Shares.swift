import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: ShareStorage {
    public func shareLocation(shortGUID: String, in container: ContainerID, environment: ContainerEnvironment) async throws
        -> (zone: ZoneKey, shareName: String)?
    {
        try await read { transaction in
            guard let row = try transaction.rows("""
                SELECT z.owner_record_name, z.zone_name, s.share_name FROM shares s JOIN zones z ON z.id = s.zone_id
                WHERE s.short_guid = \(shortGUID) AND z.container_id = \(container.rawValue) AND z.environment = \(environment.rawValue)
                """).first
            else { return nil }
            let (owner, zoneName, shareName) = try row.decode((String, String, String).self)
            let zone = ZoneKey(container: container, environment: environment, database: .private, ownerRecordName: owner, zoneName: zoneName)
            return (zone, shareName)
        }
    }

    public func sharedZones(with userRecordName: String, in container: ContainerID, environment: ContainerEnvironment) async throws
        -> [ZoneState]
    {
        try await read { transaction in
            try transaction.rows("""
                SELECT DISTINCT z.id, z.owner_record_name COLLATE "C", z.zone_name COLLATE "C", z.last_change FROM share_participants p
                JOIN zones z ON z.id = p.zone_id
                WHERE p.user_record_name = \(userRecordName) AND p.accepted AND z.container_id = \(container.rawValue)
                    AND z.environment = \(environment.rawValue)
                ORDER BY 2, 3
                """
            ).map { row in
                let (id, owner, zoneName, lastChange) = try row.decode((Int64, String, String, Int64).self)
                return ZoneState(
                    key: ZoneKey(container: container, environment: environment, database: .private, ownerRecordName: owner, zoneName: zoneName),
                    incarnation: id, lastChange: lastChange)
            }
        }
    }

    public func shares(acceptedBy userRecordName: String, in zone: ZoneKey) async throws -> [StoredShare] {
        try await read { transaction in
            guard let zoneID = try Self.zoneRowID(zone, in: transaction) else { return [] }
            return try transaction.rows("""
                SELECT r.share_info FROM share_participants p
                JOIN records r ON r.zone_id = p.zone_id AND r.record_name = p.share_name
                WHERE p.zone_id = \(zoneID) AND p.user_record_name = \(userRecordName) AND p.accepted AND r.share_info IS NOT NULL
                """
            ).map { try StoredText.share(from: $0.decode(String.self)) }
        }
    }
}
