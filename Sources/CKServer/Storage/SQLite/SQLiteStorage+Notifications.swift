import CKModel
import GRDB

extension SQLiteStorage {
    public func createPushToken(_ token: String, for owner: String, in container: ContainerID, environment: ContainerEnvironment) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO push_tokens (token, container_id, environment, owner_record_name) VALUES (?, ?, ?, ?)",
                arguments: [token, container.rawValue, environment.rawValue, owner])
        }
    }

    public func registerPushToken(_ token: String, for owner: String, in container: ContainerID) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE push_tokens SET registered = 1 WHERE token = ? AND owner_record_name = ? AND container_id = ?",
                arguments: [token, owner, container.rawValue])
            return db.changesCount == 1
        }
    }

    public func pushTokens(of owner: String, in container: ContainerID, environment: ContainerEnvironment) async throws -> [String] {
        try readNow { db in
            try String.fetchAll(
                db.cachedStatement(sql: """
                    SELECT token FROM push_tokens
                    WHERE container_id = ? AND environment = ? AND owner_record_name = ? AND registered = 1
                    """),
                arguments: [container.rawValue, environment.rawValue, owner])
        }
    }

    public func enqueueNotifications(_ notifications: [(token: String, payload: String)]) async throws {
        guard !notifications.isEmpty else { return }
        try await writer.write { db in
            for notification in notifications {
                try db.executeCached(
                    sql: "INSERT INTO notifications (token, payload) VALUES (?, ?)", binding: notification.token, notification.payload)
            }
        }
    }

    public func takeNotification(for token: String) async throws -> String? {
        try await writer.write { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT id, payload FROM notifications WHERE token = ? ORDER BY id LIMIT 1", arguments: [token])
            else { return nil }
            try db.execute(sql: "DELETE FROM notifications WHERE id = ?", arguments: [row["id"] as Int64])
            return row["payload"]
        }
    }

    public func pushTokenExists(_ token: String) async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM push_tokens WHERE token = ?)", arguments: [token]) ?? false
        }
    }
}
