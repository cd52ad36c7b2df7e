import CKModel
import GRDB

/// The row ID of a container's development public default zone in a server database, which the direct reads and
/// inserts work in.
enum DevelopmentPublicZone {
    static func id(of container: ContainerID, in queue: DatabaseQueue) throws -> Int64 {
        let zone = try queue.read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT id FROM zones WHERE container_id = ? AND environment = 'development' AND database_scope = 'public'
                    AND zone_name = '_defaultZone'
                    """,
                arguments: [container.rawValue])
        }
        guard let zone else { throw BenchmarkError("\(container) has no development public default zone") }
        return zone
    }
}
