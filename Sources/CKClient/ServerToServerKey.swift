import Crypto

/// A server-to-server key: the key ID the server issued and the P-256 private key that signs requests.
public struct ServerToServerKey: Sendable {
    /// The key ID, sent as `X-Apple-CloudKit-Request-KeyID`.
    public var keyID: String
    /// The private key whose public half the server holds.
    public var privateKey: P256.Signing.PrivateKey

    /// Creates a key from its ID and private key.
    /// - Parameters:
    ///   - keyID: The key ID the server issued for the public key.
    ///   - privateKey: The matching private key.
    public init(keyID: String, privateKey: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.privateKey = privateKey
    }

    /// Creates a key from its ID and the PEM text of its private key (`openssl ecparam -name prime256v1
    /// -genkey -noout`, SEC1 or PKCS#8); throws `CloudKitClientError.invalidRequest` for other text.
    /// - Parameters:
    ///   - keyID: The key ID the server issued for the public key.
    ///   - privateKeyPEM: The private key as PEM text.
    public init(keyID: String, privateKeyPEM: String) throws(CloudKitClientError) {
        do {
            self.init(keyID: keyID, privateKey: try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM))
        } catch {
            throw .invalidRequest("the private key of server-to-server key \(keyID) is not a P-256 private key in PEM form")
        }
    }
}
