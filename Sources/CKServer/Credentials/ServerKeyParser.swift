import CKModel
import Crypto
import Foundation

/// Reads a server-to-server public key from PEM and derives its key ID.
public enum ServerKeyParser {
    /// The key's ID (SHA-256 of its DER form, hex) and its canonical PEM; a `ServerError` for text that is
    /// not an ECDSA P-256 public key.
    public static func parse(pem: String) throws -> (keyID: String, pem: String) {
        let key: P256.Signing.PublicKey
        do {
            key = try P256.Signing.PublicKey(pemRepresentation: pem)
        } catch {
            throw ServerError(.badRequest, reason: "the file is not an ECDSA P-256 public key in PEM form (as made by: openssl ec -in key.pem -pubout)")
        }
        return (SecretGenerator.hex(SHA256.hash(data: key.derRepresentation)), key.pemRepresentation)
    }
}
