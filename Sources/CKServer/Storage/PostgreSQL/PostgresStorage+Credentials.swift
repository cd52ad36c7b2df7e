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
                    INSERT INTO credentials (
                        secret_hash, kind, label, container_id, user_record_name, read_only, created_at, expires_at, sign_in_callback)
                    VALUES (\(credential.secretHash), \(credential.kind.rawValue), \(credential.label), \(credential.container?.rawValue),
                        \(credential.userRecordName), \(credential.isReadOnly), \(credential.createdAt.timeIntervalSince1970),
                        \(credential.expiresAt?.timeIntervalSince1970), \(credential.signInCallback))
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
    /// token's sign-in (`signInSelect`) and the user acted as or signed in, each joined where it exists.
    public func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date)
        async throws -> RequestRecords
    {
        var statement = PostgresStatement("")
        let containerID = statement.bind(container.rawValue)
        let credential = credentialHash.map { statement.bind($0) } ?? statement.bindNull()
        let signIn = Self.signInSelect(presentedHash: webAuthTokenHash, now: now, in: &statement)
        let user = userRecordName.map { statement.bind($0) } ?? statement.bindNull()
        statement.append("""
            SELECT \(Self.columns(Self.versionedContainerColumns, of: "c")), \(Self.columns(Self.credentialColumnNames, of: "k")),
                \(Self.columns(Self.credentialColumnNames, of: "w")), w.replaced, \(Self.columns(Self.userColumnNames, of: "u"))
            FROM (VALUES (1)) AS one (x)
            LEFT JOIN containers c ON c.id = \(containerID)
            LEFT JOIN credentials k ON k.secret_hash = \(credential)
            LEFT JOIN LATERAL (\(signIn)) w ON TRUE
            LEFT JOIN users u ON u.container_id = \(containerID) AND u.user_record_name = COALESCE(\(user), w.user_record_name)
            """)
        let query = statement.query
        return try await single { transaction in
            guard let row = try transaction.rows(query).first else {
                return RequestRecords(container: nil, containerVersion: 0, credential: nil, signIn: nil, user: nil)
            }
            let containerColumns = PostgresColumns(row)
            let credentialColumns = containerColumns.advanced(by: Self.versionedContainerColumns.count)
            let signInColumns = credentialColumns.advanced(by: Self.credentialColumnNames.count)
            let userColumns = signInColumns.advanced(by: Self.credentialColumnNames.count + 1)
            let versioned = containerColumns.isNull(0) ? nil : try Self.versionedContainer(containerColumns)
            return RequestRecords(
                container: versioned?.container, containerVersion: versioned?.version ?? 0,
                credential: try credentialColumns.isNull(0) ? nil : Self.credentialRecord(credentialColumns).record,
                signIn: try Self.presentedToken(signInColumns),
                user: try userColumns.isNull(0) ? nil : Self.userAccount(userColumns))
        }
    }

    public func webAuthToken(presentedHash: String, now: Date) async throws -> PresentedWebAuthToken? {
        var statement = PostgresStatement("")
        let select = Self.signInSelect(presentedHash: presentedHash, now: now, in: &statement)
        statement.append(select)
        let query = statement.query
        return try await single { transaction in try transaction.rows(query).first.flatMap { try Self.presentedToken(PostgresColumns($0)) } }
    }

    /// The sign-in a presented web auth token belongs to: the web auth token whose current hash it is, or else the
    /// one whose replaced hash it is while that lasts its grace period; the credential's columns, then `replaced`.
    private static func signInSelect(presentedHash: String?, now: Date, in statement: inout PostgresStatement) -> String {
        let hash = presentedHash.map { statement.bind($0) } ?? statement.bindNull()
        let kind = statement.bind(CredentialKind.webAuthToken.rawValue)
        let now = statement.bind(now.timeIntervalSince1970)
        return """
            (SELECT \(credentialColumns), FALSE AS replaced FROM credentials
                WHERE secret_hash = \(hash) AND kind = \(kind) AND (expires_at IS NULL OR expires_at >= \(now)))
            UNION ALL
            (SELECT \(credentialColumns), TRUE FROM credentials
                WHERE previous_hash = \(hash) AND kind = \(kind) AND previous_expires_at >= \(now) AND (expires_at IS NULL OR expires_at >= \(now)))
            ORDER BY replaced LIMIT 1
            """
    }

    /// The sign-in read from `signInSelect`'s columns, from where `columns` starts (`nil` when none was found):
    /// a replaced token carries the successor sealed in its row.
    private static func presentedToken(_ columns: PostgresColumns) throws -> PresentedWebAuthToken? {
        guard !columns.isNull(0) else { return nil }
        let (record, sealedSuccessor) = try credentialRecord(columns)
        let replaced = try columns.decode(credentialColumnNames.count, as: Bool.self)
        return record.map { PresentedWebAuthToken(signIn: $0, sealedSuccessor: replaced ? sealedSuccessor : nil) }
    }

    public func rotateWebAuthToken(_ rotation: WebAuthTokenRotation) async throws -> Bool {
        try await single { transaction in try Self.rotate(rotation, in: transaction) }
    }

    /// Makes `rotation` inside a transaction already open (or as a statement of its own); `false` when the
    /// presented token is no longer current or its sign-in has expired.
    static func rotate(_ rotation: WebAuthTokenRotation, in transaction: PostgresTransaction) throws -> Bool {
        let (successor, graceEnd) = (rotation.successor, rotation.graceEnd.timeIntervalSince1970)
        return try transaction.execute("""
            UPDATE credentials SET previous_hash = secret_hash, previous_expires_at = LEAST(COALESCE(expires_at, \(graceEnd)), \(graceEnd)),
                sealed_successor = \(rotation.sealedSuccessor), secret_hash = \(successor.secretHash), label = \(successor.label),
                expires_at = \(successor.expiresAt?.timeIntervalSince1970)
            WHERE secret_hash = \(rotation.presentedHash) AND kind = \(CredentialKind.webAuthToken.rawValue)
                AND (expires_at IS NULL OR expires_at >= \(rotation.at.timeIntervalSince1970))
            """) > 0
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
        "secret_hash", "kind", "label", "container_id", "user_record_name", "read_only", "created_at", "expires_at", "sign_in_callback",
        "sealed_successor",
    ]
    private static let credentialColumns = credentialColumnNames.joined(separator: ", ")

    /// A credential read from the columns `credentialColumns` names (`nil` for a kind this version does not
    /// know), and the successor sealed in its row.
    private static func credentialRecord(_ row: PostgresRow) throws -> (record: CredentialRecord?, sealedSuccessor: Data?) {
        try credentialRecord(PostgresColumns(row))
    }

    /// A credential read from the columns `credentialColumnNames` names, from where `columns` starts.
    private static func credentialRecord(_ columns: PostgresColumns) throws -> (record: CredentialRecord?, sealedSuccessor: Data?) {
        let sealedSuccessor = try columns.decode(9, as: Data?.self)
        guard let kind = CredentialKind(rawValue: try columns.decode(1)) else { return (nil, sealedSuccessor) }
        let record = CredentialRecord(
            secretHash: try columns.decode(0), kind: kind, label: try columns.decode(2),
            container: try columns.decode(3, as: String?.self).flatMap(ContainerID.init(rawValue:)), userRecordName: try columns.decode(4),
            isReadOnly: try columns.decode(5), createdAt: Date(timeIntervalSince1970: try columns.decode(6)),
            expiresAt: try columns.decode(7, as: Double?.self).map(Date.init(timeIntervalSince1970:)), signInCallback: try columns.decode(8))
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
