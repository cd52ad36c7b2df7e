import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func subscriptions(in database: ZoneKey.Database) async throws -> [Subscription] {
        try await writer.read { db in
            try String.fetchAll(
                db.cachedStatement(sql: """
                    SELECT definition FROM subscriptions
                    WHERE container_id = ? AND environment = ? AND database_scope = ? AND owner_record_name = ?
                    ORDER BY subscription_id
                    """),
                arguments: Self.arguments(database)
            ).map(StoredText.subscription(from:))
        }
    }

    public func allSubscriptions(in container: ContainerID, environment: ContainerEnvironment, scope: DatabaseScope) async throws
        -> [(owner: String, subscription: Subscription)]
    {
        try readNow { db in
            try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT owner_record_name, definition FROM subscriptions
                    WHERE container_id = ? AND environment = ? AND database_scope = ?
                    """),
                arguments: [container.rawValue, environment.rawValue, scope.rawValue]
            ).map { row in
                (row["owner_record_name"], try StoredText.subscription(from: row["definition"]))
            }
        }
    }

    public func saveSubscription(_ subscription: Subscription, in database: ZoneKey.Database) async throws {
        let definition = try StoredText.subscription(subscription)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO subscriptions (container_id, environment, database_scope, owner_record_name, subscription_id, definition)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (container_id, environment, database_scope, owner_record_name, subscription_id)
                    DO UPDATE SET definition = excluded.definition
                    """,
                arguments: Self.arguments(database) + [subscription.subscriptionID ?? "", definition])
        }
    }

    public func deleteSubscription(_ subscriptionID: String, in database: ZoneKey.Database) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM subscriptions WHERE container_id = ? AND environment = ? AND database_scope = ?
                        AND owner_record_name = ? AND subscription_id = ?
                    """,
                arguments: Self.arguments(database) + [subscriptionID])
            return db.changesCount > 0
        }
    }

    private static func arguments(_ database: ZoneKey.Database) -> StatementArguments {
        [database.container.rawValue, database.environment.rawValue, database.scope.rawValue, database.ownerRecordName]
    }
}
