import CKModel
import Foundation

/// Issues credentials: management tokens, API tokens, web auth tokens and server-to-server keys.
///
/// A secret is returned once and only its SHA-256 is stored.
public struct CredentialService: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// Creates the service over a storage.
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    /// A management token named `name`, for one container or (with `nil`) all of them.
    public func createManagementToken(name: String, container: ContainerID?, readOnly: Bool) async throws -> String {
        if let container {
            _ = try await ContainerService(storage: storage).existing(container)
        }
        let secret = SecretGenerator.managementToken()
        try await storage.insertCredential(CredentialRecord(
            secretHash: SecretGenerator.hash(of: secret), kind: .managementToken, label: name, container: container,
            isReadOnly: readOnly, createdAt: Date()))
        return secret
    }

    /// An API token for the container: 64 hex characters; `name` (by default the secret's first characters)
    /// tells it apart in lists. The sign-in page sends users who sign in for it to `signInCallback` with their web
    /// auth token, as the sign-in callback set for an API token in Apple's console does.
    public func createAPIToken(container: ContainerID, name: String? = nil, signInCallback: String? = nil) async throws -> String {
        _ = try await ContainerService(storage: storage).existing(container)
        if let signInCallback {
            try Self.checkSignInCallback(signInCallback)
        }
        let secret = SecretGenerator.apiToken()
        try await storage.insertCredential(CredentialRecord(
            secretHash: SecretGenerator.hash(of: secret), kind: .apiToken, label: name ?? String(secret.prefix(8)),
            container: container, createdAt: Date(), signInCallback: signInCallback))
        return secret
    }

    /// Refuses a sign-in callback the sign-in page should not send tokens to: anything but an https address
    /// without a fragment, or plain http to this machine (127.0.0.1, ::1, localhost), where nothing travels.
    static func checkSignInCallback(_ callback: String) throws {
        let url = callback.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control } ? nil : URL(string: callback)
        let scheme = url?.scheme?.lowercased()
        guard let url, let host = url.host, !host.isEmpty, url.fragment == nil,
            scheme == "https" || (scheme == "http" && PublicAddress.isLoopback(host))
        else {
            throw ServerError(
                .badRequest,
                reason: "a sign-in callback is an https address without a fragment, or http to 127.0.0.1, [::1] or localhost, such as http://127.0.0.1:8765/")
        }
    }

    /// A web auth token signing `userRecordName` in to the container, valid for the configured lifetime.
    public func issueWebAuthToken(container: ContainerID, userRecordName: String) async throws -> String {
        let secret = SecretGenerator.webAuthToken()
        try await storage.insertCredential(webAuthToken(secret, container: container, userRecordName: userRecordName, now: Date()))
        return secret
    }

    /// The stored record of the web auth token `secret`, valid for the configured lifetime from `now`.
    func webAuthToken(_ secret: String, container: ContainerID, userRecordName: String, now: Date) -> CredentialRecord {
        CredentialRecord(
            secretHash: SecretGenerator.hash(of: secret), kind: .webAuthToken, label: String(secret.prefix(8)),
            container: container, userRecordName: userRecordName, createdAt: now,
            expiresAt: now.addingTimeInterval(configuration.webAuthTokenLifetime.timeInterval))
    }

    /// Adds a server-to-server key from its PEM text and returns its key ID.
    public func addServerKey(container: ContainerID, publicKeyPEM: String) async throws -> String {
        _ = try await ContainerService(storage: storage).existing(container)
        let (keyID, pem) = try ServerKeyParser.parse(pem: publicKeyPEM)
        try await storage.insertServerKey(ServerKey(keyID: keyID, container: container, publicKeyPEM: pem, createdAt: Date()))
        return keyID
    }

    /// Revokes the API token or management token of `kind` whose ID is `id`, if `reaches` allows its
    /// container; `NOT_FOUND` when there is no such token in reach.
    public func revoke(_ kind: CredentialKind, id: String, in container: ContainerID?, reaches: (ContainerID?) -> Bool) async throws
        -> CredentialRecord
    {
        let candidates = try await storage.credentials(of: kind, container: container)
        guard let credential = candidates.first(where: { $0.id == id && reaches($0.container) }),
            try await storage.deleteCredential(secretHash: credential.secretHash)
        else {
            throw ServerError(.notFound, reason: "there is no token \(id)")
        }
        return credential
    }

    /// Revokes a server-to-server key of the container; `NOT_FOUND` when the container has no such key.
    public func revokeServerKey(_ keyID: String, container: ContainerID) async throws {
        guard try await storage.serverKey(keyID)?.container == container, try await storage.deleteServerKey(keyID) else {
            throw ServerError(.notFound, reason: "\(container) has no server-to-server key \(keyID)")
        }
    }
}
