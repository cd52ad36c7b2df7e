import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func recordCounts(in container: ContainerID) async throws -> [ManagementContainers.RecordCount] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT zones.environment, zones.database_scope, COUNT(*) AS records
                    FROM records JOIN zones ON zones.id = records.zone_id
                    WHERE zones.container_id = ? AND records.deleted = 0
                    GROUP BY zones.environment, zones.database_scope
                    ORDER BY zones.environment, zones.database_scope
                    """,
                arguments: [container.rawValue]
            ).compactMap { row in
                guard let environment = ContainerEnvironment(rawValue: row["environment"]),
                    let database = DatabaseScope(rawValue: row["database_scope"])
                else { return nil }
                return ManagementContainers.RecordCount(environment: environment, database: database, records: row["records"])
            }
        }
    }

    public func appendAuditEntry(_ entry: AuditEntry) async throws -> Int64 {
        let changes = StoredText.list(entry.changes)
        return try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO audit_log (recorded_at, token_name, action, container_id, target, changes)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [entry.date.timeIntervalSince1970, entry.tokenName, entry.action, entry.container?.rawValue, entry.target, changes])
            return db.lastInsertedRowID
        }
    }

    public func auditEntries(matching filter: ManagementAudit.Filter, before sequence: Int64?, limit: Int) async throws
        -> [(sequence: Int64, entry: AuditEntry)]
    {
        try await writer.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let container = filter.container {
                conditions.append("container_id = ?")
                arguments += [container.rawValue]
            }
            if let action = filter.action, filter.actionIsKind {
                conditions.append("substr(action, 1, ?) = ?")
                arguments += [action.count + 1, action + "."]
            } else if let action = filter.action {
                conditions.append("action = ?")
                arguments += [action]
            }
            if let tokenName = filter.tokenName {
                conditions.append("token_name = ?")
                arguments += [tokenName]
            }
            if let since = filter.since {
                conditions.append("recorded_at >= ?")
                arguments += [Double(since) / 1000]
            }
            if let until = filter.until {
                conditions.append("recorded_at < ?")
                arguments += [Double(until) / 1000]
            }
            if let sequence {
                conditions.append("sequence < ?")
                arguments += [sequence]
            }
            arguments += [limit]
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            return try Row.fetchAll(
                db, sql: "SELECT * FROM audit_log \(filter) ORDER BY sequence DESC LIMIT ?", arguments: arguments
            ).map { row in
                let changes = StoredText.list(from: row["changes"])
                let entry = AuditEntry(
                    date: Date(timeIntervalSince1970: row["recorded_at"]), tokenName: row["token_name"], action: row["action"],
                    container: (row["container_id"] as String?).flatMap(ContainerID.init(rawValue:)), target: row["target"],
                    changes: changes)
                return (row["sequence"], entry)
            }
        }
    }
}
