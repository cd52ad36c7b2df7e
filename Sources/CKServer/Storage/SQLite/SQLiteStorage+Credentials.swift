import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    /// Stores `credential` and forgets the credentials expired by its creation, so that sign-ins that ended do not
    /// pile up.
    public func insertCredential(_ credential: CredentialRecord) async throws {
        try await write { db in
            try Self.insisting(unique: "this credential exists already") {
                try db.execute(
                    sql: """
                        INSERT INTO credentials (
                            secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at, sign_in_callback)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        credential.secretHash, credential.kind.rawValue, credential.label, credential.container?.rawValue,
                        credential.userRecordName, credential.isReadOnly, credential.createdAt.timeIntervalSince1970,
                        credential.expiresAt?.timeIntervalSince1970, credential.signInCallback,
                    ])
            }
            try db.execute(sql: "DELETE FROM credentials WHERE expires_at < ?", arguments: [credential.createdAt.timeIntervalSince1970])
        }
    }

    public func credential(secretHash: String) async throws -> CredentialRecord? {
        try readNow { db in try Self.credential(secretHash: secretHash, db: db) }
    }

    /// The credential whose secret hashes to `secretHash`, read inside a transaction already open.
    private static func credential(secretHash: String, db: Database) throws -> CredentialRecord? {
        try db.fetchFirstCached(sql: "SELECT \(credentialColumns) FROM credentials WHERE secret_hash = ?", binding: [secretHash], credentialRecord)
    }

    public func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date)
        async throws -> RequestRecords
    {
        try readNow { db in
            let signIn = try webAuthTokenHash.flatMap { try Self.webAuthToken(presentedHash: $0, now: now, db: db) }
            let versioned = try Self.versionedContainer(container, db: db)
            return RequestRecords(
                container: versioned?.container, containerVersion: versioned?.version ?? 0,
                credential: try credentialHash.flatMap { try Self.credential(secretHash: $0, db: db) }, signIn: signIn,
                user: try (userRecordName ?? signIn?.signIn.userRecordName).flatMap { try Self.user(recordName: $0, in: container, db: db) })
        }
    }

    public func webAuthToken(presentedHash: String, now: Date) async throws -> PresentedWebAuthToken? {
        try readNow { db in try Self.webAuthToken(presentedHash: presentedHash, now: now, db: db) }
    }

    /// The sign-in of the web auth token hashing to `presentedHash`, read inside a transaction already open.
    private static func webAuthToken(presentedHash: String, now: Date, db: Database) throws -> PresentedWebAuthToken? {
        let kind = CredentialKind.webAuthToken.rawValue
        let current = try db.fetchFirstCached(
            sql: "SELECT \(credentialColumns) FROM credentials WHERE secret_hash = ? AND kind = ? AND (expires_at IS NULL OR expires_at >= ?)",
            binding: [presentedHash, kind, now.timeIntervalSince1970], credentialRecord)
        if let current {
            return PresentedWebAuthToken(signIn: current)
        }
        return try db.fetchFirstCached(
            sql: """
                SELECT \(credentialColumns), sealed_successor FROM credentials WHERE previous_hash = ? AND kind = ? AND previous_expires_at >= ?
                    AND (expires_at IS NULL OR expires_at >= ?)
                """,
            binding: [presentedHash, kind, now.timeIntervalSince1970, now.timeIntervalSince1970]
        ) { columns in
            credentialRecord(columns).map { PresentedWebAuthToken(signIn: $0, sealedSuccessor: columns.optionalData(CredentialColumn.count)) }
        }
    }

    public func rotateWebAuthToken(_ rotation: WebAuthTokenRotation) async throws -> Bool {
        try await writeNow { db in try Self.rotate(rotation, db: db) }
    }

    /// Makes `rotation` inside a transaction already open (or as a statement of its own); `false` when the
    /// presented token is no longer current or its sign-in has expired.
    static func rotate(_ rotation: WebAuthTokenRotation, db: Database) throws -> Bool {
        let successor = rotation.successor
        try db.executeCached(
            sql: """
                UPDATE credentials SET previous_hash = secret_hash, previous_expires_at = MIN(COALESCE(expires_at, ?1), ?1),
                    sealed_successor = ?2, secret_hash = ?3, label = ?4, expires_at = ?5
                WHERE secret_hash = ?6 AND kind = ?7 AND (expires_at IS NULL OR expires_at >= ?8)
                """,
            binding: rotation.graceEnd.timeIntervalSince1970, rotation.sealedSuccessor.databaseValue, successor.secretHash, successor.label,
            successor.expiresAt?.timeIntervalSince1970, rotation.presentedHash, CredentialKind.webAuthToken.rawValue, rotation.at.timeIntervalSince1970)
        return db.changesCount > 0
    }

    public func insertServerKey(_ key: ServerKey) async throws {
        try await write { db in
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
            return try db.fetchAllCached(
                sql: "SELECT \(Self.credentialColumns) FROM credentials WHERE kind = ? \(filter) ORDER BY created_at, secret_hash",
                binding: [kind.rawValue] + (container.map { [$0.rawValue] } ?? []), Self.credentialRecord)
        }
    }

    public func deleteCredential(secretHash: String) async throws -> Bool {
        try await write { db in
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
        try await write { db in
            try db.execute(sql: "DELETE FROM server_keys WHERE key_id = ?", arguments: [keyID])
            return db.changesCount > 0
        }
    }

    /// A credential read from its row; `nil` for a kind this version does not know.
    static func credentialRecord(_ columns: SQLiteColumns) -> CredentialRecord? {
        typealias Column = CredentialColumn
        guard let kind = CredentialKind(rawValue: columns.text(Column.kind)) else { return nil }
        return CredentialRecord(
            secretHash: columns.text(Column.secretHash), kind: kind, label: columns.text(Column.label),
            container: columns.optionalText(Column.container).flatMap(ContainerID.init(rawValue:)),
            userRecordName: columns.optionalText(Column.userRecordName), isReadOnly: columns.bool(Column.readOnly),
            createdAt: Date(timeIntervalSince1970: columns.double(Column.createdAt)),
            expiresAt: columns.optionalDouble(Column.expiresAt).map(Date.init(timeIntervalSince1970:)),
            signInCallback: columns.optionalText(Column.signInCallback))
    }

    /// The columns of a credential as `credentialRecord` reads them, by position (reading by name costs a
    /// case-folded lookup per column, on every request).
    static let credentialColumns = "secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at, sign_in_callback"

    /// The positions of `credentialColumns`, and how many there are.
    enum CredentialColumn {
        static let secretHash: Int32 = 0, kind: Int32 = 1, label: Int32 = 2, container: Int32 = 3, userRecordName: Int32 = 4
        static let readOnly: Int32 = 5, createdAt: Int32 = 6, expiresAt: Int32 = 7, signInCallback: Int32 = 8, count: Int32 = 9
    }

    /// A server key read from its row.
    static func serverKey(_ row: Row) -> ServerKey? {
        guard let container = ContainerID(rawValue: row["container_id"]) else { return nil }
        return ServerKey(
            keyID: row["key_id"], container: container, publicKeyPEM: row["public_key_pem"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
