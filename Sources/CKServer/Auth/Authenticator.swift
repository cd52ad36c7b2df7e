import CKModel
import Foundation

/// Checks a data API request's credentials against the container and says who the request acts as.
///
/// Server-to-server keys, then management tokens, then the API token with an optional web auth token. A web
/// auth token is rotated on every response: the caller gets its successor (the same one however often the token
/// is sent, so concurrent requests with one token all succeed), and the token keeps working for the configured
/// grace period, or until its successor is rotated in turn.
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
        var rotatedWebAuthToken: String?
        /// A server-to-server signature whose key and date are checked, still to be checked against the body.
        var signature: (signature: ServerToServerSignature, key: ServerKey)?

        /// Checks a signature against the body and the request's `subpaths`; nothing to do for other credentials.
        func confirm(body: [UInt8], subpaths: [String], now: Date = Date()) throws {
            guard let (signature, key) = signature else { return }
            try signature.verify(with: key, body: body, subpaths: subpaths, now: now)
        }
    }

    func authenticate(_ credentials: RequestCredentials, container: ContainerInfo, now: Date = Date()) async throws -> Authentication {
        if let signature = credentials.signature {
            guard let key = try await storage.serverKey(signature.keyID), key.container == container.id, signature.isCurrent(at: now) else {
                throw ServerError(.authenticationFailed, reason: "Authentication failed")
            }
            return Authentication(caller: .developer(userRecordName: container.developerRecordName), signature: (signature, key))
        }
        if let token = credentials.managementToken {
            return try await managementCaller(token, actingAs: credentials.actAsUserRecordName, in: container)
        }
        guard let apiToken = credentials.apiToken else {
            throw ServerError(.authenticationFailed, reason: "the request has no credentials: send ckAPIToken, a server-to-server signature or a management token")
        }
        guard let record = try await storage.credential(secretHash: SecretGenerator.hash(of: apiToken)), record.kind == .apiToken,
            record.container == container.id
        else {
            throw ServerError(.authenticationFailed, reason: "the API token is not valid for \(container.id)")
        }
        guard let webAuthToken = credentials.webAuthToken else {
            return Authentication(caller: .world)
        }
        let user = try await signedInUser(webAuthToken, in: container, now: now)
        let rotated = try await rotate(webAuthToken, of: user, now: now)
        return Authentication(caller: .user(user), rotatedWebAuthToken: rotated)
    }

    private func managementCaller(_ token: String, actingAs userRecordName: String?, in container: ContainerInfo) async throws
        -> Authentication
    {
        guard let record = try await storage.credential(secretHash: SecretGenerator.hash(of: token)), record.kind == .managementToken,
            record.container == nil || record.container == container.id
        else {
            throw ServerError(.authenticationFailed, reason: "the management token is not valid for \(container.id)")
        }
        guard let userRecordName else {
            return Authentication(caller: .developer(userRecordName: container.developerRecordName), isReadOnly: record.isReadOnly)
        }
        guard let user = try await storage.user(recordName: userRecordName, in: container.id) else {
            throw ServerError(.badRequest, reason: "there is no user \(userRecordName) in \(container.id) to act as")
        }
        return Authentication(caller: .user(user), isReadOnly: record.isReadOnly)
    }

    private func signedInUser(_ token: String, in container: ContainerInfo, now: Date) async throws -> UserAccount {
        guard let record = try await storage.credential(secretHash: SecretGenerator.hash(of: token)), record.kind == .webAuthToken,
            record.container == container.id, let userRecordName = record.userRecordName
        else {
            throw ServerError(.authenticationFailed, reason: "the web auth token is not valid for \(container.id)")
        }
        if let expiry = record.expiresAt, expiry <= now {
            throw ServerError(.authenticationFailed, reason: "the web auth token has expired; sign in again")
        }
        guard let user = try await storage.user(recordName: userRecordName, in: container.id) else {
            throw ServerError(.authenticationFailed, reason: "the web auth token's user no longer exists")
        }
        return user
    }

    /// The token that follows `token`: a new one the first time `token` is rotated (`token` then lives for the
    /// grace period, and the tokens before it in its sign-in stop), the same one every later time. A client that
    /// keeps sending its first token therefore leaves two live tokens behind, not one per request.
    private func rotate(_ token: String, of user: UserAccount, now: Date) async throws -> String {
        let graceEnd = now.addingTimeInterval(configuration.rotatedTokenGracePeriod.timeInterval)
        let successor = SecretGenerator.webAuthToken()
        let record = CredentialService(storage: storage, configuration: configuration)
            .webAuthToken(successor, container: user.container, userRecordName: user.userRecordName, now: now)
        let rotation = try await storage.rotateWebAuthToken(
            SecretGenerator.hash(of: token), successor: record, sealedSuccessor: SuccessorSeal.seal(successor, with: token),
            graceEnd: graceEnd, now: now)
        switch rotation {
        case .rotated:
            return successor
        case .rotatedBefore(let sealed):
            guard let opened = SuccessorSeal.open(sealed, with: token) else {
                throw ServerError(.authenticationFailed, reason: "the web auth token's successor cannot be read; sign in again")
            }
            return opened
        case .gone:
            throw ServerError(.authenticationFailed, reason: "the web auth token was replaced by a newer one of its sign-in; use the newest, or sign in again")
        }
    }
}
