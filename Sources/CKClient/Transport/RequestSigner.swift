import Crypto
import Foundation

/// Signs requests with a server-to-server key, as CloudKit Web Services checks them: ECDSA P-256 with SHA-256
/// over `date:base64(sha256(body)):subpath`, DER-encoded and base64, in three `X-Apple-CloudKit-Request-*`
/// headers.
struct RequestSigner: Sendable {
    static let keyIDHeader = "X-Apple-CloudKit-Request-KeyID"
    static let dateHeader = "X-Apple-CloudKit-Request-ISO8601Date"
    static let signatureHeader = "X-Apple-CloudKit-Request-SignatureV1"

    let key: ServerToServerKey

    /// The headers signing a request with `body` to `subpath` (the URL path, without scheme, host or query) at
    /// `date`.
    func headers(body: [UInt8], subpath: String, date: Date) throws(CloudKitClientError) -> [(name: String, value: String)] {
        let dateText = Self.iso8601(date)
        let message = Self.message(date: dateText, body: body, subpath: subpath)
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try key.privateKey.signature(for: Data(message.utf8))
        } catch {
            throw .invalidRequest("server-to-server key \(key.keyID) could not sign the request: \(error)")
        }
        return [
            (Self.keyIDHeader, key.keyID),
            (Self.dateHeader, dateText),
            (Self.signatureHeader, signature.derRepresentation.base64EncodedString()),
        ]
    }

    /// The signed message. A request without a body hashes to the empty string, as Apple's live service expects
    /// for GET; otherwise the hash is the base64 of the raw SHA-256 digest.
    static func message(date: String, body: [UInt8], subpath: String) -> String {
        let hash = body.isEmpty ? "" : Data(SHA256.hash(data: body)).base64EncodedString()
        return "\(date):\(hash):\(subpath)"
    }

    /// `2016-01-25T22:15:43Z`: UTC, no fractional seconds.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
