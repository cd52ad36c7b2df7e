import CKModel
import GRDB

extension SQLiteStorage {
    public func saveAlertRule(_ rule: AlertRule) async throws {
        let definition = try StoredText.json(rule)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO alert_rules (id, container_id, definition, firing, changed_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET definition = excluded.definition
                    """,
                arguments: [rule.id, rule.containerID?.rawValue ?? "", definition, rule.firing, rule.changedAt])
        }
    }

    public func deleteAlertRule(_ id: String, in container: ContainerID) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM alert_rules WHERE id = ? AND container_id = ?", arguments: [id, container.rawValue])
            return db.changesCount > 0
        }
    }

    public func alertRules(in container: ContainerID?) async throws -> [AlertRule] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT definition, firing, changed_at FROM alert_rules WHERE ? IS NULL OR container_id = ? ORDER BY position",
                arguments: [container?.rawValue, container?.rawValue]
            ).map { row in
                var rule = try StoredText.decoded(AlertRule.self, from: row[0])
                rule.firing = row[1]
                rule.changedAt = row[2]
                return rule
            }
        }
    }

    public func recordAlertEvent(_ event: AlertEvent) async throws -> Bool {
        let text = try StoredText.json(event)
        return try await write { db in
            try db.execute(
                sql: "UPDATE alert_rules SET firing = ?, changed_at = ? WHERE id = ? AND firing = ?",
                arguments: [event.kind == .fired, event.timestamp, event.ruleID, event.kind != .fired])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql: "INSERT INTO alert_events (rule_id, container_id, event) VALUES (?, ?, ?)",
                arguments: [event.ruleID, event.containerID.rawValue, text])
            return true
        }
    }

    public func alertEvents(in container: ContainerID, ruleID: String?, limit: Int) async throws -> [AlertEvent] {
        try await writer.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT event FROM alert_events WHERE container_id = ? AND (? IS NULL OR rule_id = ?) ORDER BY sequence DESC LIMIT ?",
                arguments: [container.rawValue, ruleID, ruleID, limit]
            ).map { try StoredText.decoded(AlertEvent.self, from: $0) }
        }
    }

    public func claimAlertEvaluation(at minute: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO alert_evaluations (minute) VALUES (?)", arguments: [minute])
            let claimed = db.changesCount > 0
            try db.execute(sql: "DELETE FROM alert_evaluations WHERE minute < ?", arguments: [minute - 3_600_000])
            return claimed
        }
    }

    public func appendDeveloperNotification(_ notification: DeveloperNotification) async throws -> DeveloperNotification {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO developer_notifications (container_id, notified_at, kind, title) VALUES (?, ?, ?, ?)",
                arguments: [notification.containerID?.rawValue, notification.timestamp, notification.kind, notification.title])
            var stored = notification
            stored.sequence = db.lastInsertedRowID
            return stored
        }
    }

    public func developerNotifications(in container: ContainerID?, before sequence: Int64?, limit: Int) async throws
        -> (notifications: [DeveloperNotification], unread: Int)
    {
        try await writer.read { db in
            let reach = "(? IS NULL OR container_id = ?)"
            let notifications = try Row.fetchAll(
                db,
                sql: """
                    SELECT sequence, container_id, notified_at, kind, title, read FROM developer_notifications
                    WHERE \(reach) AND (? IS NULL OR sequence < ?) ORDER BY sequence DESC LIMIT ?
                    """,
                arguments: [container?.rawValue, container?.rawValue, sequence, sequence, limit]
            ).map { row in
                DeveloperNotification(
                    sequence: row[0], containerID: (row[1] as String?).flatMap(ContainerID.init(rawValue:)), timestamp: row[2], kind: row[3],
                    title: row[4], read: row[5])
            }
            let unread = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM developer_notifications WHERE \(reach) AND read = 0",
                arguments: [container?.rawValue, container?.rawValue]) ?? 0
            return (notifications, unread)
        }
    }

    public func markDeveloperNotificationsRead(_ sequences: [Int64]?, in container: ContainerID?) async throws {
        let list = try sequences.map { try StoredText.json($0) }
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE developer_notifications SET read = 1
                    WHERE (? IS NULL OR container_id = ?) AND (? IS NULL OR sequence IN (SELECT value FROM json_each(?)))
                    """,
                arguments: [container?.rawValue, container?.rawValue, list, list])
        }
    }
}
