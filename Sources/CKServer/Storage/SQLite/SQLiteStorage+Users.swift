import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func createUser(_ user: UserAccount) async throws {
        try await write { db in
            try Self.insisting(unique: "the container \(user.container) already has a user named \(user.name)") {
                try db.execute(
                    sql: """
                        INSERT INTO users (container_id, user_record_name, name, email_address, discoverable, roles)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        user.container.rawValue, user.userRecordName, user.name, user.emailAddress, user.isDiscoverable,
                        StoredText.list(user.roles),
                    ])
            }
        }
    }

    public func user(named name: String, in container: ContainerID) async throws -> UserAccount? {
        try await writer.read { db in
            try db.fetchFirstCached(
                sql: "SELECT \(Self.userColumns) FROM users WHERE container_id = ? AND name = ?", binding: [container.rawValue, name], Self.userAccount)
        }
    }

    public func user(recordName: String, in container: ContainerID) async throws -> UserAccount? {
        try readNow { db in try Self.user(recordName: recordName, in: container, db: db) }
    }

    /// The user with this record name, read inside a transaction already open.
    static func user(recordName: String, in container: ContainerID, db: Database) throws -> UserAccount? {
        try db.fetchFirstCached(
            sql: "SELECT \(userColumns) FROM users WHERE container_id = ? AND user_record_name = ?", binding: [container.rawValue, recordName],
            userAccount)
    }

    public func users(in container: ContainerID) async throws -> [UserAccount] {
        try await writer.read { db in
            try db.fetchAllCached(
                sql: "SELECT \(Self.userColumns) FROM users WHERE container_id = ? ORDER BY name", binding: [container.rawValue], Self.userAccount)
        }
    }

    public func setDiscoverable(_ discoverable: Bool, user userRecordName: String, in container: ContainerID) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE users SET discoverable = ? WHERE container_id = ? AND user_record_name = ?",
                arguments: [discoverable, container.rawValue, userRecordName])
            guard db.changesCount == 1 else {
                throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)")
            }
        }
    }

    public func setRoles(_ roles: [String], ofUser userRecordName: String, in container: ContainerID) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE users SET roles = ? WHERE container_id = ? AND user_record_name = ?",
                arguments: [StoredText.list(roles), container.rawValue, userRecordName])
            guard db.changesCount == 1 else {
                throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)")
            }
        }
    }

    public func setPasswordVerifier(_ verifier: String?, ofUser userRecordName: String, in container: ContainerID) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE users SET password_verifier = ? WHERE container_id = ? AND user_record_name = ?",
                arguments: [verifier, container.rawValue, userRecordName])
            guard db.changesCount == 1 else {
                throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)")
            }
        }
    }

    public func signInUser(named name: String, in container: ContainerID) async throws -> (user: UserAccount, passwordVerifier: String?)? {
        try await writer.read { db in
            try db.fetchFirstCached(
                sql: "SELECT \(Self.userColumns), password_verifier FROM users WHERE container_id = ? AND name = ?", binding: [container.rawValue, name]
            ) { columns in Self.userAccount(columns).map { ($0, columns.optionalText(Self.userColumnCount)) } }
        }
    }


    /// The columns of a user as `userAccount` reads them, by position, and how many there are.
    private static let userColumns = "container_id, user_record_name, name, email_address, discoverable, roles"
    private static let userColumnCount: Int32 = 6

    /// A user read from the columns `userColumns` names; most users have no custom role, whose list is not parsed.
    private static func userAccount(_ columns: SQLiteColumns) -> UserAccount? {
        guard let container = ContainerID(rawValue: columns.text(0)) else { return nil }
        let rolesText = columns.text(5)
        let roles = StoredText.list(from: rolesText)
        return UserAccount(
            container: container, userRecordName: columns.text(1), name: columns.text(2), emailAddress: columns.optionalText(3),
            isDiscoverable: columns.bool(4), roles: roles)
    }
}
