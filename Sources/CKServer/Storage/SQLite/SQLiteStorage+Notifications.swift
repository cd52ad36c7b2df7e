import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func createPushToken(
        _ token: String, for owner: String, in container: ContainerID, environment: ContainerEnvironment, now: Date
    ) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO push_tokens (token, container_id, environment, owner_record_name, last_seen) VALUES (?, ?, ?, ?, ?)",
                arguments: [token, container.rawValue, environment.rawValue, owner, now.timeIntervalSince1970])
        }
    }

    public func registerPushToken(_ token: String, for owner: String, in container: ContainerID, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE push_tokens SET registered = 1, last_seen = ? WHERE token = ? AND owner_record_name = ? AND container_id = ?",
                arguments: [now.timeIntervalSince1970, token, owner, container.rawValue])
            return db.changesCount == 1
        }
    }

    public func pushTokens(
        of owner: String, in container: ContainerID, environment: ContainerEnvironment, seenSince date: Date
    ) async throws -> [String] {
        try readNow { db in
            try String.fetchAll(
                db.cachedStatement(sql: """
                    SELECT token FROM push_tokens
                    WHERE container_id = ? AND environment = ? AND owner_record_name = ? AND registered = 1 AND last_seen >= ?
                    """),
                arguments: [container.rawValue, environment.rawValue, owner, date.timeIntervalSince1970])
        }
    }

    public func deletePushTokens(seenBefore date: Date) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM push_tokens WHERE last_seen < ?", arguments: [date.timeIntervalSince1970])
        }
    }

    public func enqueueNotifications(_ notifications: [(token: String, payload: String)], keepingAtMost limit: Int) async throws {
        guard !notifications.isEmpty else { return }
        try await write { db in
            for notification in notifications {
                try db.executeCached(
                    sql: "INSERT INTO notifications (token, payload) VALUES (?, ?)", binding: notification.token, notification.payload)
            }
            for token in Set(notifications.map(\.token)) {
                let kept = try Int64.fetchAll(
                    db.cachedStatement(sql: "SELECT id FROM notifications WHERE token = ? ORDER BY id DESC LIMIT ?"), arguments: [token, limit])
                guard kept.count == limit, let oldestKept = kept.last else { continue }
                try db.executeCached(sql: "DELETE FROM notifications WHERE token = ? AND id < ?", binding: token, oldestKept)
                if db.changesCount > 0 {
                    try db.executeCached(sql: "UPDATE notifications SET pruned = 1 WHERE id = ?", binding: oldestKept)
                }
            }
        }
    }

    public func takeNotification(for token: String) async throws -> (payload: String, pruned: Bool)? {
        try await write { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT id, payload, pruned FROM notifications WHERE token = ? ORDER BY id LIMIT 1", arguments: [token])
            else { return nil }
            try db.execute(sql: "DELETE FROM notifications WHERE id = ?", arguments: [row["id"] as Int64])
            return (row["payload"], row["pruned"])
        }
    }

    public func markPushTokenSeen(_ token: String, now: Date, seenSince date: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE push_tokens SET last_seen = ? WHERE token = ? AND last_seen >= ?",
                arguments: [now.timeIntervalSince1970, token, date.timeIntervalSince1970])
            return db.changesCount == 1
        }
    }

    /// Servers sharing an SQLite folder share no channel: their couriers read the queue again every `courierRecheck`.
    public func listenForQueuedNotifications(_ wake: @escaping @Sendable (String) -> Void) async throws {}
}
