import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: CredentialStorage {
    /// Stores `credential` and forgets the credentials expired by its creation, so that sign-ins that ended do not
    /// pile up.
    public func insertCredential(_ credential: CredentialRecord) async throws {
        try await write { transaction in
            try Self.insisting(unique: "this credential exists already") {
                try transaction.execute("""
                    INSERT INTO credentials (secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at)
                    VALUES (\(credential.secretHash), \(credential.kind.rawValue), \(credential.label), \(credential.container?.rawValue),
                        \(credential.userRecordName), \(credential.isReadOnly), \(credential.createdAt.timeIntervalSince1970),
                        \(credential.expiresAt?.timeIntervalSince1970))
                    """)
            }
            try transaction.execute("DELETE FROM credentials WHERE expires_at < \(credential.createdAt.timeIntervalSince1970)")
        }
    }

    public func credential(secretHash: String) async throws -> CredentialRecord? {
        try await read { transaction in try Self.credential(secretHash: secretHash, in: transaction) }
    }

    private static func credential(secretHash: String, in transaction: PostgresTransaction) throws -> CredentialRecord? {
        try transaction.rows("SELECT \(unescaped: credentialColumns) FROM credentials WHERE secret_hash = \(secretHash)")
            .first.flatMap { try credentialRecord($0).record }
    }

    public func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date)
        async throws -> RequestRecords
    {
        try await read { transaction in
            let signIn = try webAuthTokenHash.flatMap { try Self.webAuthToken(presentedHash: $0, now: now, in: transaction) }
            let versioned = try Self.versionedContainer(container, in: transaction)
            return RequestRecords(
                container: versioned?.container, containerVersion: versioned?.version ?? 0,
                credential: try credentialHash.flatMap { try Self.credential(secretHash: $0, in: transaction) }, signIn: signIn,
                user: try (userRecordName ?? signIn?.signIn.userRecordName).flatMap {
                    try Self.user(recordName: $0, in: container, transaction: transaction)
                })
        }
    }

    public func webAuthToken(presentedHash: String, now: Date) async throws -> PresentedWebAuthToken? {
        try await read { transaction in try Self.webAuthToken(presentedHash: presentedHash, now: now, in: transaction) }
    }

    private static func webAuthToken(presentedHash: String, now: Date, in transaction: PostgresTransaction) throws -> PresentedWebAuthToken? {
        let kind = CredentialKind.webAuthToken.rawValue
        let now = now.timeIntervalSince1970
        if let current = try transaction.rows("""
            SELECT \(unescaped: credentialColumns) FROM credentials
            WHERE secret_hash = \(presentedHash) AND kind = \(kind) AND (expires_at IS NULL OR expires_at >= \(now))
            """
        ).first.flatMap({ try credentialRecord($0).record }) {
            return PresentedWebAuthToken(signIn: current)
        }
        return try transaction.rows("""
            SELECT \(unescaped: credentialColumns) FROM credentials
            WHERE previous_hash = \(presentedHash) AND kind = \(kind) AND previous_expires_at >= \(now)
                AND (expires_at IS NULL OR expires_at >= \(now))
            """
        ).first.flatMap { row in
            let (record, sealedSuccessor) = try credentialRecord(row)
            return record.map { PresentedWebAuthToken(signIn: $0, sealedSuccessor: sealedSuccessor) }
        }
    }

    public func rotateWebAuthToken(_ presentedHash: String, to successor: CredentialRecord, sealedSuccessor: Data, graceEnd: Date) async throws -> Bool {
        try await single { transaction in
            try transaction.execute("""
                UPDATE credentials SET previous_hash = secret_hash,
                    previous_expires_at = LEAST(COALESCE(expires_at, \(graceEnd.timeIntervalSince1970)), \(graceEnd.timeIntervalSince1970)),
                    sealed_successor = \(sealedSuccessor), secret_hash = \(successor.secretHash), label = \(successor.label),
                    expires_at = \(successor.expiresAt?.timeIntervalSince1970)
                WHERE secret_hash = \(presentedHash) AND kind = \(CredentialKind.webAuthToken.rawValue)
                """) > 0
        }
    }

    public func credentials(of kind: CredentialKind, container: ContainerID?) async throws -> [CredentialRecord] {
        try await read { transaction in
            try transaction.rows("""
                SELECT \(unescaped: Self.credentialColumns) FROM credentials
                WHERE kind = \(kind.rawValue) AND (\(container?.rawValue)::TEXT IS NULL OR container_id = \(container?.rawValue))
                ORDER BY created_at, secret_hash COLLATE "C"
                """
            ).compactMap { try Self.credentialRecord($0).record }
        }
    }

    public func deleteCredential(secretHash: String) async throws -> Bool {
        try await write { transaction in try transaction.execute("DELETE FROM credentials WHERE secret_hash = \(secretHash)") > 0 }
    }

    public func insertServerKey(_ key: ServerKey) async throws {
        try await write { transaction in
            try Self.insisting(unique: "the key \(key.keyID) was added before") {
                try transaction.execute("""
                    INSERT INTO server_keys (key_id, container_id, public_key_pem, created_at)
                    VALUES (\(key.keyID), \(key.container.rawValue), \(key.publicKeyPEM), \(key.createdAt.timeIntervalSince1970))
                    """)
            }
        }
    }

    public func serverKey(_ keyID: String) async throws -> ServerKey? {
        try await read { transaction in
            try transaction.rows("SELECT key_id, container_id, public_key_pem, created_at FROM server_keys WHERE key_id = \(keyID)")
                .first.flatMap(Self.serverKey)
        }
    }

    public func serverKeys(of container: ContainerID) async throws -> [ServerKey] {
        try await read { transaction in
            try transaction.rows("""
                SELECT key_id, container_id, public_key_pem, created_at FROM server_keys WHERE container_id = \(container.rawValue)
                ORDER BY created_at, key_id COLLATE "C"
                """
            ).compactMap(Self.serverKey)
        }
    }

    public func deleteServerKey(_ keyID: String) async throws -> Bool {
        try await write { transaction in try transaction.execute("DELETE FROM server_keys WHERE key_id = \(keyID)") > 0 }
    }

    /// The columns of a credential as `credentialRecord` reads them, and the sealed successor after them.
    private static let credentialColumns =
        "secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at, sealed_successor"

    /// A credential read from the columns `credentialColumns` names (`nil` for a kind this version does not
    /// know), and the successor sealed in its row.
    private static func credentialRecord(_ row: PostgresRow) throws -> (record: CredentialRecord?, sealedSuccessor: Data?) {
        let (secretHash, kind, label, container, userRecordName, readOnly, createdAt, expiresAt, sealedSuccessor) =
            try row.decode((String, String, String, String?, String?, Bool, Double, Double?, Data?).self)
        guard let kind = CredentialKind(rawValue: kind) else { return (nil, sealedSuccessor) }
        let record = CredentialRecord(
            secretHash: secretHash, kind: kind, label: label, container: container.flatMap(ContainerID.init(rawValue:)),
            userRecordName: userRecordName, isReadOnly: readOnly, createdAt: Date(timeIntervalSince1970: createdAt),
            expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)))
        return (record, sealedSuccessor)
    }

    private static func serverKey(_ row: PostgresRow) throws -> ServerKey? {
        let (keyID, container, pem, createdAt) = try row.decode((String, String, String, Double).self)
        guard let container = ContainerID(rawValue: container) else { return nil }
        return ServerKey(keyID: keyID, container: container, publicKeyPEM: pem, createdAt: Date(timeIntervalSince1970: createdAt))
    }
}
