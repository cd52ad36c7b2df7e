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

    /// One statement, one round trip, on every request: the container with its version, the token, the web auth
    /// token's sign-in (by its current hash, or by the one it replaced while that lasts its grace period) and the
    /// user acted as or signed in, each joined where it exists.
    public func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date)
        async throws -> RequestRecords
    {
        let kind = CredentialKind.webAuthToken.rawValue
        let now = now.timeIntervalSince1970
        return try await single { transaction in
            guard let row = try transaction.rows("""
                SELECT \(unescaped: Self.columns(Self.versionedContainerColumns, of: "c")), \(unescaped: Self.columns(Self.credentialColumnNames, of: "k")),
                    \(unescaped: Self.columns(Self.credentialColumnNames, of: "w")), w.replaced, \(unescaped: Self.columns(Self.userColumnNames, of: "u"))
                FROM (VALUES (1)) AS one (x)
                LEFT JOIN containers c ON c.id = \(container.rawValue)
                LEFT JOIN credentials k ON k.secret_hash = \(credentialHash)
                LEFT JOIN LATERAL (
                    (SELECT \(unescaped: Self.credentialColumns), FALSE AS replaced FROM credentials
                        WHERE secret_hash = \(webAuthTokenHash) AND kind = \(kind) AND (expires_at IS NULL OR expires_at >= \(now)))
                    UNION ALL
                    (SELECT \(unescaped: Self.credentialColumns), TRUE FROM credentials
                        WHERE previous_hash = \(webAuthTokenHash) AND kind = \(kind) AND previous_expires_at >= \(now)
                            AND (expires_at IS NULL OR expires_at >= \(now)))
                    ORDER BY replaced LIMIT 1
                ) w ON TRUE
                LEFT JOIN users u ON u.container_id = \(container.rawValue) AND u.user_record_name = COALESCE(\(userRecordName), w.user_record_name)
                """
            ).first else { return RequestRecords(container: nil, containerVersion: 0, credential: nil, signIn: nil, user: nil) }
            let containerColumns = PostgresColumns(row)
            let credentialColumns = PostgresColumns(row, from: Self.versionedContainerColumns.count)
            let signInColumns = PostgresColumns(row, from: Self.versionedContainerColumns.count + Self.credentialColumnNames.count)
            let userColumns = PostgresColumns(row, from: Self.versionedContainerColumns.count + 2 * Self.credentialColumnNames.count + 1)
            let versioned = containerColumns.isNull(0) ? nil : try Self.versionedContainer(containerColumns)
            let signIn = try signInColumns.isNull(0) ? nil : Self.credentialRecord(signInColumns)
            let replaced = try signInColumns.isNull(0) ? false : signInColumns.decode(Self.credentialColumnNames.count, as: Bool.self)
            return RequestRecords(
                container: versioned?.container, containerVersion: versioned?.version ?? 0,
                credential: try credentialColumns.isNull(0) ? nil : Self.credentialRecord(credentialColumns).record,
                signIn: signIn?.record.map { PresentedWebAuthToken(signIn: $0, sealedSuccessor: replaced ? signIn?.sealedSuccessor : nil) },
                user: try userColumns.isNull(0) ? nil : Self.userAccount(userColumns))
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
    private static let credentialColumnNames = [
        "secret_hash", "kind", "label", "container_id", "user_record_name", "read_only", "created_at", "expires_at", "sealed_successor",
    ]
    private static let credentialColumns = credentialColumnNames.joined(separator: ", ")

    /// A credential read from the columns `credentialColumns` names (`nil` for a kind this version does not
    /// know), and the successor sealed in its row.
    private static func credentialRecord(_ row: PostgresRow) throws -> (record: CredentialRecord?, sealedSuccessor: Data?) {
        try credentialRecord(PostgresColumns(row))
    }

    /// A credential read from the columns `credentialColumnNames` names, from where `columns` starts.
    private static func credentialRecord(_ columns: PostgresColumns) throws -> (record: CredentialRecord?, sealedSuccessor: Data?) {
        let sealedSuccessor = try columns.decode(8, as: Data?.self)
        guard let kind = CredentialKind(rawValue: try columns.decode(1)) else { return (nil, sealedSuccessor) }
        let record = CredentialRecord(
            secretHash: try columns.decode(0), kind: kind, label: try columns.decode(2),
            container: try columns.decode(3, as: String?.self).flatMap(ContainerID.init(rawValue:)), userRecordName: try columns.decode(4),
            isReadOnly: try columns.decode(5), createdAt: Date(timeIntervalSince1970: try columns.decode(6)),
            expiresAt: try columns.decode(7, as: Double?.self).map(Date.init(timeIntervalSince1970:)))
        return (record, sealedSuccessor)
    }

    /// `names` as the columns of the table called `alias` in a statement.
    private static func columns(_ names: [String], of alias: String) -> String {
        names.map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    private static func serverKey(_ row: PostgresRow) throws -> ServerKey? {
        let (keyID, container, pem, createdAt) = try row.decode((String, String, String, Double).self)
        guard let container = ContainerID(rawValue: container) else { return nil }
        return ServerKey(keyID: keyID, container: container, publicKeyPEM: pem, createdAt: Date(timeIntervalSince1970: createdAt))
    }
}
