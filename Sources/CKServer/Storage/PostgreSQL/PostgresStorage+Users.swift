import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: UserStorage {
    public func createUser(_ user: UserAccount) async throws {
        let roles = StoredText.list(user.roles)
        try await write { transaction in
            try Self.insisting(unique: "the container \(user.container) already has a user named \(user.name)") {
                try transaction.execute("""
                    INSERT INTO users (container_id, user_record_name, name, email_address, discoverable, roles)
                    VALUES (\(user.container.rawValue), \(user.userRecordName), \(user.name), \(user.emailAddress), \(user.isDiscoverable), \(roles))
                    """)
            }
        }
    }

    public func user(named name: String, in container: ContainerID) async throws -> UserAccount? {
        try await read { transaction in
            try transaction.rows("""
                SELECT \(unescaped: Self.userColumns) FROM users WHERE container_id = \(container.rawValue) AND name = \(name)
                """
            ).first.flatMap(Self.userAccount)
        }
    }

    public func user(recordName: String, in container: ContainerID) async throws -> UserAccount? {
        try await read { transaction in try Self.user(recordName: recordName, in: container, transaction: transaction) }
    }

    /// The user with this record name, read inside a transaction already open.
    static func user(recordName: String, in container: ContainerID, transaction: PostgresTransaction) throws -> UserAccount? {
        try transaction.rows("""
            SELECT \(unescaped: userColumns) FROM users WHERE container_id = \(container.rawValue) AND user_record_name = \(recordName)
            """
        ).first.flatMap(userAccount)
    }

    public func users(in container: ContainerID) async throws -> [UserAccount] {
        try await read { transaction in
            try transaction.rows("""
                SELECT \(unescaped: Self.userColumns) FROM users WHERE container_id = \(container.rawValue) ORDER BY name COLLATE "C"
                """
            ).compactMap(Self.userAccount)
        }
    }

    public func setDiscoverable(_ discoverable: Bool, user userRecordName: String, in container: ContainerID) async throws {
        try await write { transaction in
            let changed = try transaction.execute("""
                UPDATE users SET discoverable = \(discoverable) WHERE container_id = \(container.rawValue) AND user_record_name = \(userRecordName)
                """)
            guard changed == 1 else { throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)") }
        }
    }

    public func setRoles(_ roles: [String], ofUser userRecordName: String, in container: ContainerID) async throws {
        let text = StoredText.list(roles)
        try await write { transaction in
            let changed = try transaction.execute("""
                UPDATE users SET roles = \(text) WHERE container_id = \(container.rawValue) AND user_record_name = \(userRecordName)
                """)
            guard changed == 1 else { throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)") }
        }
    }

    public func setPasswordVerifier(_ verifier: String?, ofUser userRecordName: String, in container: ContainerID) async throws {
        try await write { transaction in
            let changed = try transaction.execute("""
                UPDATE users SET password_verifier = \(verifier) WHERE container_id = \(container.rawValue) AND user_record_name = \(userRecordName)
                """)
            guard changed == 1 else { throw ServerError(.notFound, reason: "there is no user \(userRecordName) in \(container)") }
        }
    }

    public func signInUser(named name: String, in container: ContainerID) async throws -> (user: UserAccount, passwordVerifier: String?)? {
        try await read { transaction in
            try transaction.rows("""
                SELECT \(unescaped: Self.userColumns), password_verifier FROM users WHERE container_id = \(container.rawValue) AND name = \(name)
                """
            ).first.flatMap { row in
                let columns = PostgresColumns(row)
                return try Self.userAccount(columns).map { ($0, try columns.decode(Self.userColumnNames.count, as: String?.self)) }
            }
        }
    }


    /// The columns of a user as `userAccount` reads them.
    static let userColumnNames = ["container_id", "user_record_name", "name", "email_address", "discoverable", "roles"]
    private static let userColumns = userColumnNames.joined(separator: ", ")

    /// A user read from the columns `userColumns` names.
    private static func userAccount(_ row: PostgresRow) throws -> UserAccount? {
        try userAccount(PostgresColumns(row))
    }

    /// A user read from the columns `userColumnNames` names, from where `columns` starts.
    static func userAccount(_ columns: PostgresColumns) throws -> UserAccount? {
        guard let container = ContainerID(rawValue: try columns.decode(0, as: String.self)) else { return nil }
        return UserAccount(
            container: container, userRecordName: try columns.decode(1), name: try columns.decode(2), emailAddress: try columns.decode(3),
            isDiscoverable: try columns.decode(4), roles: StoredText.list(from: try columns.decode(5)))
    }
}
