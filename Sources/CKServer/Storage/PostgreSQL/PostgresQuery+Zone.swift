import CKModel
import PostgresNIO

extension PostgresQuery {
    /// `sql`, a statement on `zones`, limited to the row of `zone`; with `lockingRow`, locking it until the commit.
    static func zone(_ sql: String, _ zone: ZoneKey, lockingRow: Bool = false) -> PostgresQuery {
        """
        \(unescaped: sql) WHERE container_id = \(zone.container.rawValue) AND environment = \(zone.environment.rawValue)
            AND database_scope = \(zone.database.rawValue) AND owner_record_name = \(zone.ownerRecordName) AND zone_name = \(zone.zoneName)
            \(unescaped: lockingRow ? "FOR UPDATE" : "")
        """
    }
}
