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

    /// An API token for the container: 64 hex characters.
    public func createAPIToken(container: ContainerID) async throws -> String {
        _ = try await ContainerService(storage: storage).existing(container)
        let secret = SecretGenerator.apiToken()
        try await storage.insertCredential(CredentialRecord(
            secretHash: SecretGenerator.hash(of: secret), kind: .apiToken, label: String(secret.prefix(8)),
            container: container, createdAt: Date()))
        return secret
    }

    /// A web auth token signing `userRecordName` in to the container, valid for the configured lifetime.
    public func issueWebAuthToken(container: ContainerID, userRecordName: String) async throws -> String {
        let secret = SecretGenerator.webAuthToken()
        let now = Date()
        let lifetime = configuration.webAuthTokenLifetime.components
        try await storage.insertCredential(CredentialRecord(
            secretHash: SecretGenerator.hash(of: secret), kind: .webAuthToken, label: String(secret.prefix(8)),
            container: container, userRecordName: userRecordName, createdAt: now,
            expiresAt: now.addingTimeInterval(Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18)))
        return secret
    }

    /// Adds a server-to-server key from its PEM text and returns its key ID.
    public func addServerKey(container: ContainerID, publicKeyPEM: String) async throws -> String {
        _ = try await ContainerService(storage: storage).existing(container)
        let (keyID, pem) = try ServerKeyParser.parse(pem: publicKeyPEM)
        try await storage.insertServerKey(ServerKey(keyID: keyID, container: container, publicKeyPEM: pem, createdAt: Date()))
        return keyID
    }
}
