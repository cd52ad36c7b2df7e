import CKModel
import Foundation

/// A server-to-server key: an ECDSA P-256 public key whose holder may sign requests to the public database.
public struct ServerKey: Hashable, Sendable {
    /// 64 hex characters: the SHA-256 of the key's DER form, sent as `X-Apple-CloudKit-Request-KeyID`.
    public var keyID: String
    /// The container the key is for.
    public var container: ContainerID
    /// The public key in PEM form.
    public var publicKeyPEM: String
    /// When it was added.
    public var createdAt: Date

    /// Creates a server key record.
    public init(keyID: String, container: ContainerID, publicKeyPEM: String, createdAt: Date) {
        self.keyID = keyID
        self.container = container
        self.publicKeyPEM = publicKeyPEM
        self.createdAt = createdAt
    }
}
