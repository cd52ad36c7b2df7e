import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: NotificationStorage {
    public func createPushToken(
        _ token: String, for owner: String, in container: ContainerID, environment: ContainerEnvironment, now: Date
    ) async throws {
        try await write { transaction in
            try transaction.execute("""
                INSERT INTO push_tokens (token, container_id, environment, owner_record_name, last_seen)
                VALUES (\(token), \(container.rawValue), \(environment.rawValue), \(owner), \(now.timeIntervalSince1970))
                """)
        }
    }

    public func registerPushToken(_ token: String, for owner: String, in container: ContainerID, now: Date) async throws -> Bool {
        try await write { transaction in
            try transaction.execute("""
                UPDATE push_tokens SET registered = TRUE, last_seen = \(now.timeIntervalSince1970)
                WHERE token = \(token) AND owner_record_name = \(owner) AND container_id = \(container.rawValue)
                """) == 1
        }
    }

    public func pushTokens(
        of owner: String, in container: ContainerID, environment: ContainerEnvironment, seenSince date: Date
    ) async throws -> [String] {
        try await read { transaction in
            try transaction.rows("""
                SELECT token FROM push_tokens
                WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue) AND owner_record_name = \(owner)
                    AND registered AND last_seen >= \(date.timeIntervalSince1970)
                """
            ).map { try $0.decode(String.self) }
        }
    }

    public func deletePushTokens(seenBefore date: Date) async throws {
        try await write { transaction in
            try transaction.execute("DELETE FROM push_tokens WHERE last_seen < \(date.timeIntervalSince1970)")
        }
    }

    public func enqueueNotifications(_ notifications: [(token: String, payload: String)], keepingAtMost limit: Int) async throws {
        guard !notifications.isEmpty else { return }
        let channel = queueChannel
        try await write { transaction in
            for notification in notifications {
                try transaction.execute("INSERT INTO notifications (token, payload) VALUES (\(notification.token), \(notification.payload))")
            }
            // Sent at the commit, to every server listening: a wake-up only, the queue above stays the truth.
            for token in Set(notifications.map(\.token)).sorted() {
                try transaction.execute("SELECT pg_notify(\(channel), \(token))")
            }
            // In one order on every server, so that two pruning the same queues never wait on each other in a circle.
            for token in Set(notifications.map(\.token)).sorted() {
                let kept = try transaction.rows("SELECT id FROM notifications WHERE token = \(token) ORDER BY id DESC LIMIT \(Int64(limit))")
                    .map { try $0.decode(Int64.self) }
                guard kept.count == limit, let oldestKept = kept.last else { continue }
                if try transaction.execute("DELETE FROM notifications WHERE token = \(token) AND id < \(oldestKept)") > 0 {
                    try transaction.execute("UPDATE notifications SET pruned = TRUE WHERE id = \(oldestKept)")
                }
            }
        }
    }

    public func takeNotification(for token: String) async throws -> (payload: String, pruned: Bool)? {
        try await write { transaction in
            // Two servers polling for one token at once take two notifications, never the same one twice.
            try transaction.rows("""
                DELETE FROM notifications
                WHERE id = (SELECT id FROM notifications WHERE token = \(token) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
                RETURNING payload, pruned
                """
            ).first.map { try $0.decode((String, Bool).self) }
        }
    }

    public func markPushTokenSeen(_ token: String, now: Date, seenSince date: Date) async throws -> Bool {
        try await write { transaction in
            try transaction.execute("""
                UPDATE push_tokens SET last_seen = \(now.timeIntervalSince1970) WHERE token = \(token) AND last_seen >= \(date.timeIntervalSince1970)
                """) == 1
        }
    }

    /// The channel `enqueueNotifications` notifies with the push token of each queue it adds to: one per schema, so
    /// that servers kept apart by `schema=` in one database do not wake each other's couriers.
    var queueChannel: String {
        location.schema.map { String("ckq_\($0)".prefix(63)) } ?? "ckserver_notifications_queued"
    }

    /// Listens on a connection of its own (a listening connection cannot go back to the pool), connecting again
    /// a second after it breaks; a notification sent while nobody listened is lost, which the couriers' recheck
    /// of the queue covers.
    public func listenForQueuedNotifications(_ wake: @escaping @Sendable (String) -> Void) async throws {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 1, logger: logger)
                do {
                    try await connection.listen(on: queueChannel) { notifications in
                        for try await notification in notifications {
                            wake(notification.payload)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
                try? await Task.sleep(for: .seconds(1))
            } catch where !Task.isCancelled {
                logger.warning("listening for queued notifications failed, again in a second: \(Self.reason(of: error))")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
