import CKModel
import PostgresNIO

extension PostgresStorage: AlertStorage {
    public func saveAlertRule(_ rule: AlertRule) async throws {
        let definition = try StoredText.json(rule)
        try await write { transaction in
            _ = try transaction.execute("""
                INSERT INTO alert_rules (id, container_id, definition, firing, changed_at)
                VALUES (\(rule.id), \(rule.containerID?.rawValue ?? ""), \(definition), \(rule.firing), \(rule.changedAt))
                ON CONFLICT (id) DO UPDATE SET definition = excluded.definition
                """)
        }
    }

    public func deleteAlertRule(_ id: String, in container: ContainerID) async throws -> Bool {
        try await write { transaction in
            try transaction.execute("DELETE FROM alert_rules WHERE id = \(id) AND container_id = \(container.rawValue)") > 0
        }
    }

    public func alertRules(in container: ContainerID?) async throws -> [AlertRule] {
        let containerID = container?.rawValue
        return try await read { transaction in
            try transaction.rows("""
                SELECT definition, firing, changed_at FROM alert_rules WHERE \(containerID)::TEXT IS NULL OR container_id = \(containerID)
                ORDER BY position
                """
            ).map { row in
                let (definition, firing, changedAt) = try row.decode((String, Bool, Int64?).self)
                var rule = try StoredText.decoded(AlertRule.self, from: definition)
                rule.firing = firing
                rule.changedAt = changedAt
                return rule
            }
        }
    }

    public func recordAlertEvent(_ event: AlertEvent) async throws -> Bool {
        let text = try StoredText.json(event)
        let fired = event.kind == .fired
        return try await write { transaction in
            let changed = try transaction.execute("""
                UPDATE alert_rules SET firing = \(fired), changed_at = \(event.timestamp) WHERE id = \(event.ruleID) AND firing = \(!fired)
                """)
            guard changed > 0 else { return false }
            _ = try transaction.execute(
                "INSERT INTO alert_events (rule_id, container_id, event) VALUES (\(event.ruleID), \(event.containerID.rawValue), \(text))")
            return true
        }
    }

    public func alertEvents(in container: ContainerID, ruleID: String?, limit: Int) async throws -> [AlertEvent] {
        try await read { transaction in
            try transaction.rows("""
                SELECT event FROM alert_events WHERE container_id = \(container.rawValue) AND (\(ruleID)::TEXT IS NULL OR rule_id = \(ruleID))
                ORDER BY sequence DESC LIMIT \(Int64(limit))
                """
            ).map { try StoredText.decoded(AlertEvent.self, from: try $0.decode(String.self)) }
        }
    }

    public func claimAlertEvaluation(at minute: Int64) async throws -> Bool {
        try await write { transaction in
            let claimed = try transaction.execute("INSERT INTO alert_evaluations (minute) VALUES (\(minute)) ON CONFLICT DO NOTHING") > 0
            _ = try transaction.execute("DELETE FROM alert_evaluations WHERE minute < \(minute - 3_600_000)")
            return claimed
        }
    }

    public func appendDeveloperNotification(_ notification: DeveloperNotification) async throws -> DeveloperNotification {
        try await write { transaction in
            var stored = notification
            stored.sequence = try transaction.rows("""
                INSERT INTO developer_notifications (container_id, notified_at, kind, title)
                VALUES (\(notification.containerID?.rawValue), \(notification.timestamp), \(notification.kind), \(notification.title))
                RETURNING sequence
                """
            ).first?.decode(Int64.self) ?? 0
            return stored
        }
    }

    public func developerNotifications(in container: ContainerID?, before sequence: Int64?, limit: Int) async throws
        -> (notifications: [DeveloperNotification], unread: Int)
    {
        let containerID = container?.rawValue
        return try await read { transaction in
            let notifications = try transaction.rows("""
                SELECT sequence, container_id, notified_at, kind, title, read FROM developer_notifications
                WHERE (\(containerID)::TEXT IS NULL OR container_id = \(containerID)) AND (\(sequence)::BIGINT IS NULL OR sequence < \(sequence))
                ORDER BY sequence DESC LIMIT \(Int64(limit))
                """
            ).map { row in
                let (sequence, container, timestamp, kind, title, read) = try row.decode((Int64, String?, Int64, String, String, Bool).self)
                return DeveloperNotification(
                    sequence: sequence, containerID: container.flatMap(ContainerID.init(rawValue:)), timestamp: timestamp, kind: kind, title: title,
                    read: read)
            }
            let unread = try transaction.rows("""
                SELECT COUNT(*) FROM developer_notifications WHERE (\(containerID)::TEXT IS NULL OR container_id = \(containerID)) AND NOT read
                """
            ).first?.decode(Int64.self) ?? 0
            return (notifications, Int(unread))
        }
    }

    public func markDeveloperNotificationsRead(_ sequences: [Int64]?, in container: ContainerID?) async throws {
        let containerID = container?.rawValue
        try await write { transaction in
            _ = try transaction.execute("""
                UPDATE developer_notifications SET read = TRUE
                WHERE (\(containerID)::TEXT IS NULL OR container_id = \(containerID))
                    AND (\(sequences)::BIGINT[] IS NULL OR sequence = ANY(\(sequences)::BIGINT[]))
                """)
        }
    }
}
