import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func insertCredential(_ credential: CredentialRecord) async throws {
        try await writer.write { db in
            try Self.insisting(unique: "this credential exists already") {
                try Self.insert(credential, in: db)
            }
        }
    }

    /// Inserts `credential`'s row, inside a write already open.
    private static func insert(_ credential: CredentialRecord, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO credentials
                    (secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at, sign_in)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                credential.secretHash, credential.kind.rawValue, credential.label, credential.container?.rawValue,
                credential.userRecordName, credential.isReadOnly, credential.createdAt.timeIntervalSince1970,
                credential.expiresAt?.timeIntervalSince1970, credential.signIn,
            ])
    }

    public func credential(secretHash: String) async throws -> CredentialRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM credentials WHERE secret_hash = ?"), arguments: [secretHash])
                .flatMap(Self.credentialRecord)
        }
    }

    public func rotateWebAuthToken(
        _ presentedHash: String, successor: CredentialRecord, sealedSuccessor: Data, graceEnd: Date, now: Date
    ) async throws -> WebAuthTokenRotation {
        try await writer.write { db in
            guard let presented = try Row.fetchOne(
                db, sql: "SELECT sign_in, sealed_successor FROM credentials WHERE secret_hash = ? AND (expires_at IS NULL OR expires_at >= ?)",
                arguments: [presentedHash, now.timeIntervalSince1970])
            else { return .gone }
            if let sealed = presented["sealed_successor"] as Data? {
                return .rotatedBefore(sealedSuccessor: sealed)
            }
            let signIn = presented["sign_in"] as String? ?? presentedHash
            var joining = successor
            joining.signIn = signIn
            try Self.insert(joining, in: db)
            try db.execute(
                sql: """
                    UPDATE credentials SET sealed_successor = ?, expires_at = MIN(COALESCE(expires_at, ?), ?) WHERE secret_hash = ?
                    """,
                arguments: [sealedSuccessor, graceEnd.timeIntervalSince1970, graceEnd.timeIntervalSince1970, presentedHash])
            try db.execute(
                sql: "DELETE FROM credentials WHERE (sign_in = ? OR secret_hash = ?) AND secret_hash NOT IN (?, ?)",
                arguments: [signIn, signIn, presentedHash, successor.secretHash])
            try db.execute(sql: "DELETE FROM credentials WHERE expires_at < ?", arguments: [now.timeIntervalSince1970])
            return .rotated
        }
    }

    public func insertServerKey(_ key: ServerKey) async throws {
        try await writer.write { db in
            try Self.insisting(unique: "the key \(key.keyID) was added before") {
                try db.execute(
                    sql: "INSERT INTO server_keys (key_id, container_id, public_key_pem, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [key.keyID, key.container.rawValue, key.publicKeyPEM, key.createdAt.timeIntervalSince1970])
            }
        }
    }

    public func serverKey(_ keyID: String) async throws -> ServerKey? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM server_keys WHERE key_id = ?"), arguments: [keyID]).flatMap(Self.serverKey)
        }
    }

    public func credentials(of kind: CredentialKind, container: ContainerID?) async throws -> [CredentialRecord] {
        try await writer.read { db in
            let filter = container == nil ? "" : "AND container_id = ?"
            var arguments: StatementArguments = [kind.rawValue]
            if let container {
                arguments += [container.rawValue]
            }
            return try Row.fetchAll(
                db, sql: "SELECT * FROM credentials WHERE kind = ? \(filter) ORDER BY created_at, secret_hash", arguments: arguments
            ).compactMap(Self.credentialRecord)
        }
    }

    public func deleteCredential(secretHash: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM credentials WHERE secret_hash = ?", arguments: [secretHash])
            return db.changesCount > 0
        }
    }

    public func serverKeys(of container: ContainerID) async throws -> [ServerKey] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM server_keys WHERE container_id = ? ORDER BY created_at, key_id", arguments: [container.rawValue]
            ).compactMap(Self.serverKey)
        }
    }

    public func deleteServerKey(_ keyID: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM server_keys WHERE key_id = ?", arguments: [keyID])
            return db.changesCount > 0
        }
    }

    /// A credential read from its row; `nil` for a kind this version does not know.
    static func credentialRecord(_ row: Row) -> CredentialRecord? {
        guard let kind = CredentialKind(rawValue: row["kind"]) else { return nil }
        return CredentialRecord(
            secretHash: row["secret_hash"], kind: kind, label: row["label"],
            container: (row["container_id"] as String?).flatMap(ContainerID.init(rawValue:)),
            userRecordName: row["user_record_name"], isReadOnly: row["read_only"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            expiresAt: (row["expires_at"] as Double?).map(Date.init(timeIntervalSince1970:)), signIn: row["sign_in"])
    }

    /// A server key read from its row.
    static func serverKey(_ row: Row) -> ServerKey? {
        guard let container = ContainerID(rawValue: row["container_id"]) else { return nil }
        return ServerKey(
            keyID: row["key_id"], container: container, publicKeyPEM: row["public_key_pem"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
