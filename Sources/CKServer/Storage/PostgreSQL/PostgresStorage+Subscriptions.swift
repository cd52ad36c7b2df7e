import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: SubscriptionStorage {
    public func subscriptions(in database: ZoneKey.Database) async throws -> [Subscription] {
        try await read { transaction in
            try transaction.rows("""
                SELECT definition FROM subscriptions
                WHERE container_id = \(database.container.rawValue) AND environment = \(database.environment.rawValue)
                    AND database_scope = \(database.scope.rawValue) AND owner_record_name = \(database.ownerRecordName)
                ORDER BY subscription_id COLLATE "C"
                """
            ).map { try StoredText.subscription(from: $0.decode(String.self)) }
        }
    }

    public func allSubscriptions(in container: ContainerID, environment: ContainerEnvironment, scope: DatabaseScope) async throws
        -> [(owner: String, subscription: Subscription)]
    {
        try await read { transaction in
            try transaction.rows("""
                SELECT owner_record_name, definition FROM subscriptions
                WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue) AND database_scope = \(scope.rawValue)
                """
            ).map { row in
                let (owner, definition) = try row.decode((String, String).self)
                return (owner, try StoredText.subscription(from: definition))
            }
        }
    }

    public func saveSubscription(_ subscription: Subscription, in database: ZoneKey.Database) async throws {
        let definition = try StoredText.subscription(subscription)
        try await write { transaction in
            try transaction.execute("""
                INSERT INTO subscriptions (container_id, environment, database_scope, owner_record_name, subscription_id, definition)
                VALUES (\(database.container.rawValue), \(database.environment.rawValue), \(database.scope.rawValue),
                    \(database.ownerRecordName), \(subscription.subscriptionID ?? ""), \(definition))
                ON CONFLICT (container_id, environment, database_scope, owner_record_name, subscription_id)
                DO UPDATE SET definition = excluded.definition
                """)
        }
    }

    public func deleteSubscription(_ subscriptionID: String, in database: ZoneKey.Database) async throws -> Bool {
        try await write { transaction in
            try transaction.execute("""
                DELETE FROM subscriptions
                WHERE container_id = \(database.container.rawValue) AND environment = \(database.environment.rawValue)
                    AND database_scope = \(database.scope.rawValue) AND owner_record_name = \(database.ownerRecordName)
                    AND subscription_id = \(subscriptionID)
                """) > 0
        }
    }
}
