import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: AuditStorage {
    public func appendAuditEntry(_ entry: AuditEntry) async throws -> Int64 {
        let changes = StoredText.list(entry.changes)
        return try await write { transaction in
            try transaction.rows("""
                INSERT INTO audit_log (recorded_at, token_name, action, container_id, target, changes)
                VALUES (\(entry.date.timeIntervalSince1970), \(entry.tokenName), \(entry.action), \(entry.container?.rawValue), \(entry.target), \(changes))
                RETURNING sequence
                """
            ).first?.decode(Int64.self) ?? 0
        }
    }

    public func auditEntries(matching filter: ManagementAudit.Filter, before sequence: Int64?, limit: Int) async throws
        -> [(sequence: Int64, entry: AuditEntry)]
    {
        let actionPrefix = filter.actionIsKind ? filter.action.map { $0 + "." } : nil
        let action = filter.actionIsKind ? nil : filter.action
        let since = filter.since.map { Double($0) / 1000 }
        let until = filter.until.map { Double($0) / 1000 }
        return try await read { transaction in
            try transaction.rows("""
                SELECT sequence, recorded_at, token_name, action, container_id, target, changes FROM audit_log
                WHERE (\(filter.container?.rawValue)::TEXT IS NULL OR container_id = \(filter.container?.rawValue))
                    AND (\(actionPrefix)::TEXT IS NULL OR starts_with(action, \(actionPrefix)))
                    AND (\(action)::TEXT IS NULL OR action = \(action))
                    AND (\(filter.tokenName)::TEXT IS NULL OR token_name = \(filter.tokenName))
                    AND (\(since)::DOUBLE PRECISION IS NULL OR recorded_at >= \(since))
                    AND (\(until)::DOUBLE PRECISION IS NULL OR recorded_at < \(until))
                    AND (\(sequence)::BIGINT IS NULL OR sequence < \(sequence))
                ORDER BY sequence DESC LIMIT \(Int64(limit))
                """
            ).map { row in
                let (sequence, recordedAt, tokenName, action, container, target, changesText) =
                    try row.decode((Int64, Double, String, String, String?, String, String).self)
                let changes = StoredText.list(from: changesText)
                let entry = AuditEntry(
                    date: Date(timeIntervalSince1970: recordedAt), tokenName: tokenName, action: action,
                    container: container.flatMap(ContainerID.init(rawValue:)), target: target, changes: changes)
                return (sequence, entry)
            }
        }
    }
}
