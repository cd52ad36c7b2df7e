import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func createUser(_ user: UserAccount) async throws {
        try await writer.write { db in
            try Self.insisting(unique: "the container \(user.container) already has a user named \(user.name)") {
                try db.execute(
                    sql: """
                        INSERT INTO users (container_id, user_record_name, name, email_address, discoverable, roles)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        user.container.rawValue, user.userRecordName, user.name, user.emailAddress, user.isDiscoverable,
                        try Self.rolesText(user.roles),
                    ])
            }
        }
    }

    public func user(named name: String, in container: ContainerID) async throws -> UserAccount? {
        try await writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM users WHERE container_id = ? AND name = ?", arguments: [container.rawValue, name]
            ).flatMap(Self.userAccount)
        }
    }

    public func user(recordName: String, in container: ContainerID) async throws -> UserAccount? {
        try readNow { db in try Self.user(recordName: recordName, in: container, db: db) }
    }

    /// The user with this record name, read inside a transaction already open.
    static func user(recordName: String, in container: ContainerID, db: Database) throws -> UserAccount? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM users WHERE container_id = ? AND user_record_name = ?"), arguments: [container.rawValue, recordName]
        ).flatMap(userAccount)
    }

    public func users(in container: ContainerID) async throws -> [UserAccount] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM users WHERE container_id = ? ORDER BY name", arguments: [container.rawValue])
                .compactMap(Self.userAccount)
        }
    }

    public func setDiscoverable(_ discoverable: Bool, user userRecordName: String, in container: ContainerID) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE users SET discoverable = ? WHERE container_id = ? AND user_record_name = ?",
                arguments: [discoverable, container.rawValue, userRecordName])
            guard db.changesCount == 1 else {
                throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)")
            }
        }
    }

    public func setRoles(_ roles: [String], ofUser userRecordName: String, in container: ContainerID) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE users SET roles = ? WHERE container_id = ? AND user_record_name = ?",
                arguments: [try Self.rolesText(roles), container.rawValue, userRecordName])
            guard db.changesCount == 1 else {
                throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)")
            }
        }
    }

    private static func rolesText(_ roles: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(roles), as: UTF8.self)
    }

    private static func userAccount(_ row: Row) -> UserAccount? {
        guard let container = ContainerID(rawValue: row["container_id"]) else { return nil }
        let roles = (try? JSONDecoder().decode([String].self, from: Data((row["roles"] as String).utf8))) ?? []
        return UserAccount(
            container: container, userRecordName: row["user_record_name"], name: row["name"],
            emailAddress: row["email_address"], isDiscoverable: row["discoverable"], roles: roles)
    }
}
