import CKModel
import Foundation

/// Checks a data API request's credentials against the container and says who the request acts as.
///
/// Server-to-server keys, then management tokens, then the API token with an optional web auth token. A web
/// auth token is rotated on every answer: the caller gets its successor (the same one however often the token
/// is sent, so concurrent requests with one token all succeed), and the token keeps working for the configured
/// grace period, or until its successor is rotated in turn. A save makes the rotation in its own transaction.
///
/// Everything is checked before the request's body is read except a signature's hash of that body: the key, its
/// container and the signed date are checked first, and `Authentication.confirm` checks the rest once the body
/// is in.
struct Authenticator: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// The outcome: who the caller is, whether it may only read (a read-only management token, also when it
    /// acts as a user), and for a web auth token, the token to send back.
    struct Authentication: Sendable {
        var caller: Caller
        var isReadOnly = false
        /// For a web auth token, its successor to hand back.
        var webAuthToken: WebAuthTokenHandOver?
        /// A server-to-server signature whose key and date are checked, still to be checked against the body.
        var signature: (signature: ServerToServerSignature, key: ServerKey)?

        /// Checks a signature against the body and the request's `subpaths`; nothing to do for other credentials.
        func confirm(body: [UInt8], subpaths: [String], now: Date = Date()) throws {
            guard let (signature, key) = signature else { return }
            try signature.verify(with: key, body: body, subpaths: subpaths, now: now)
        }
    }

    /// What `credentials` name in the container `container`, read in one trip to storage: the container, the
    /// management or API token, the web auth token's sign-in, and the user acted as or signed in.
    func records(for credentials: RequestCredentials, container: ContainerID, now: Date = Date()) async throws -> RequestRecords {
        let usesToken = credentials.signature == nil
        let management = usesToken ? credentials.managementToken : nil
        let webAuthToken = usesToken && management == nil && credentials.apiToken != nil ? credentials.webAuthToken : nil
        return try await storage.requestRecords(
            container: container, credentialHash: (management ?? (usesToken ? credentials.apiToken : nil)).map(SecretGenerator.hash(of:)),
            webAuthTokenHash: webAuthToken.map(SecretGenerator.hash(of:)), userRecordName: management == nil ? nil : credentials.actAsUserRecordName,
            now: now)
    }

    /// Who `credentials` make the caller, from the `records` they name (`records(for:container:now:)`); a web auth
    /// token's successor is handed back with the answer (`WebAuthTokenHandOver`).
    func authenticate(_ credentials: RequestCredentials, records: RequestRecords, container: ContainerInfo, now: Date = Date()) async throws
        -> Authentication
    {
        if let signature = credentials.signature {
            guard let key = try await storage.serverKey(signature.keyID), key.container == container.id, signature.isCurrent(at: now) else {
                throw ServerError(.authenticationFailed, reason: "Authentication failed")
            }
            return Authentication(caller: .developer(userRecordName: container.developerRecordName), signature: (signature, key))
        }
        if credentials.managementToken != nil {
            return try managementCaller(records, actingAs: credentials.actAsUserRecordName, in: container)
        }
        guard credentials.apiToken != nil else {
            throw ServerError(.authenticationFailed, reason: "the request has no credentials: send ckAPIToken, a server-to-server signature or a management token")
        }
        guard let record = records.credential, record.kind == .apiToken, record.container == container.id else {
            throw ServerError(.authenticationFailed, reason: "the API token is not valid for \(container.id)")
        }
        guard let webAuthToken = credentials.webAuthToken else {
            return Authentication(caller: .world)
        }
        guard let presented = records.signIn, presented.signIn.container == container.id else {
            throw ServerError(
                .authenticationFailed,
                reason: "the web auth token is not valid for \(container.id): it expired, was replaced by a newer one of its sign-in, or was never issued")
        }
        guard let user = records.user else {
            throw ServerError(.authenticationFailed, reason: "the web auth token's user no longer exists")
        }
        return Authentication(caller: .user(user), webAuthToken: try handOver(of: webAuthToken, presented, for: user, now: now))
    }

    private func managementCaller(_ records: RequestRecords, actingAs userRecordName: String?, in container: ContainerInfo) throws -> Authentication {
        guard let record = records.credential, record.kind == .managementToken, record.container == nil || record.container == container.id else {
            throw ServerError(.authenticationFailed, reason: "the management token is not valid for \(container.id)")
        }
        guard let userRecordName else {
            return Authentication(caller: .developer(userRecordName: container.developerRecordName), isReadOnly: record.isReadOnly)
        }
        guard let user = records.user else {
            throw ServerError(.badRequest, reason: "there is no user \(userRecordName) in \(container.id) to act as")
        }
        return Authentication(caller: .user(user), isReadOnly: record.isReadOnly)
    }

    /// The hand-over of the token that follows `token`: a new one the first time `token` is rotated, made current
    /// by one write (`token` then lives for the grace period, and the token before it stops), the same one,
    /// without a write, every later time. A client that keeps sending its first token therefore leaves two live
    /// tokens behind, not one per request.
    private func handOver(of token: String, _ presented: PresentedWebAuthToken, for user: UserAccount, now: Date) throws -> WebAuthTokenHandOver {
        if let sealed = presented.sealedSuccessor {
            guard let opened = SuccessorSeal.open(sealed, with: token) else {
                throw ServerError(.authenticationFailed, reason: "the web auth token's successor cannot be read; sign in again")
            }
            return WebAuthTokenHandOver(successor: opened, presented: token, rotation: nil, storage: storage)
        }
        let successor = SecretGenerator.webAuthToken()
        let rotation = WebAuthTokenRotation(
            presentedHash: SecretGenerator.hash(of: token),
            successor: CredentialService(storage: storage, configuration: configuration)
                .webAuthToken(successor, container: user.container, userRecordName: user.userRecordName, now: now),
            sealedSuccessor: SuccessorSeal.seal(successor, with: token), graceEnd: now.addingTimeInterval(configuration.rotatedTokenGracePeriod.timeInterval),
            at: now)
        return WebAuthTokenHandOver(successor: successor, presented: token, rotation: rotation, storage: storage)
    }
}
