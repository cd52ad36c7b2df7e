import CKModel
import Foundation

/// Credentials (management and API tokens, web auth tokens and their rotation, server-to-server keys) and what a request reads of them before its body. One concern of `ServerStorage`.
public protocol CredentialStorage: Sendable {
    /// The container `container`, the credential whose secret hashes to `credentialHash`, the sign-in of the web
    /// auth token hashing to `webAuthTokenHash` (as `webAuthToken(presentedHash:now:)` finds it), and the user
    /// `userRecordName` names, else the sign-in's, and the container's version, in one transaction: what a request
    /// needs before its body.
    func requestRecords(container: ContainerID, credentialHash: String?, webAuthTokenHash: String?, userRecordName: String?, now: Date)
        async throws -> RequestRecords

    /// Stores a credential (the secret's hash only).
    func insertCredential(_ credential: CredentialRecord) async throws

    /// The credential whose secret hashes to `secretHash`, or `nil`.
    func credential(secretHash: String) async throws -> CredentialRecord?

    /// The credentials of one kind, oldest first: of one container when given (management tokens for every
    /// container included only when `container` is `nil`).
    func credentials(of kind: CredentialKind, container: ContainerID?) async throws -> [CredentialRecord]

    /// Forgets the credential whose secret hashes to `secretHash`; `false` if there was none.
    func deleteCredential(secretHash: String) async throws -> Bool

    /// The sign-in whose current token, or whose token before it (until its grace period ends), hashes to
    /// `presentedHash`; `nil` when there is none or it expired by `now`.
    func webAuthToken(presentedHash: String, now: Date) async throws -> PresentedWebAuthToken?

    /// Makes `rotation` in one statement: its successor becomes the sign-in's current token, the presented token
    /// the one before it, and the token that was before that stops. A sign-in therefore never holds more than two
    /// live tokens. `false` when the presented token is no longer current (another request rotated it first) or
    /// its sign-in expired by the rotation's time.
    func rotateWebAuthToken(_ rotation: WebAuthTokenRotation) async throws -> Bool

    /// Stores a server-to-server key; `EXISTS` if the same key was added before.
    func insertServerKey(_ key: ServerKey) async throws

    /// The server-to-server keys of a container, oldest first.
    func serverKeys(of container: ContainerID) async throws -> [ServerKey]

    /// Forgets a server-to-server key; `false` if there was none.
    func deleteServerKey(_ keyID: String) async throws -> Bool

    /// The key with this ID, or `nil`.
    func serverKey(_ keyID: String) async throws -> ServerKey?
}
