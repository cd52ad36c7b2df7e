import CKModel
import Crypto
import Foundation

/// A server-to-server request signature: ECDSA P-256 over `date:base64(sha256(body)):subpath`.
struct ServerToServerSignature: Sendable {
    /// How far the signed date may be from the server's clock, either way.
    static let allowedSkew: TimeInterval = 10 * 60

    var keyID: String
    var date: String
    var signature: String

    /// Checks the signature with `key` for this body and subpath (path and any query string), at `now`.
    /// For a request without a body both conventions are accepted: an empty hash and the hash of no bytes.
    func verify(with key: ServerKey, body: [UInt8], subpath: String, now: Date) throws {
        let failed = ServerError(.authenticationFailed, reason: "Authentication failed")
        guard let signedAt = ISO8601DateFormatter().date(from: date), abs(signedAt.timeIntervalSince(now)) <= Self.allowedSkew,
            let signatureData = Data(base64Encoded: signature),
            let publicKey = try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM)
        else { throw failed }
        let parsed = (try? P256.Signing.ECDSASignature(derRepresentation: signatureData))
            ?? (try? P256.Signing.ECDSASignature(rawRepresentation: signatureData))
        guard let parsed else { throw failed }
        let bodyHash = Data(SHA256.hash(data: body)).base64EncodedString()
        var messages = ["\(date):\(bodyHash):\(subpath)"]
        if body.isEmpty {
            messages.append("\(date)::\(subpath)")
        }
        guard messages.contains(where: { publicKey.isValidSignature(parsed, for: Data($0.utf8)) }) else { throw failed }
    }
}
