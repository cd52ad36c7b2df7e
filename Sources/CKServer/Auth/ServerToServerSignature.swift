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

    /// Checks the signature with `key` for this body and one of `subpaths` (the path with its query string, then
    /// the path alone, since Apple's documentation shows no query string), at `now`. For a request without a body
    /// both conventions are accepted: an empty hash and the hash of no bytes.
    func verify(with key: ServerKey, body: [UInt8], subpaths: [String], now: Date) throws {
        let failed = ServerError(.authenticationFailed, reason: "Authentication failed")
        guard isCurrent(at: now), let signatureData = Data(base64Encoded: signature),
            let publicKey = try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM)
        else { throw failed }
        let parsed = (try? P256.Signing.ECDSASignature(derRepresentation: signatureData))
            ?? (try? P256.Signing.ECDSASignature(rawRepresentation: signatureData))
        guard let parsed else { throw failed }
        var hashes = [Data(SHA256.hash(data: body)).base64EncodedString()]
        if body.isEmpty {
            hashes.append("")
        }
        let messages = subpaths.flatMap { subpath in hashes.map { "\(date):\($0):\(subpath)" } }
        guard messages.contains(where: { publicKey.isValidSignature(parsed, for: Data($0.utf8)) }) else { throw failed }
    }

    /// Whether the signed date is within `allowedSkew` of `now`.
    func isCurrent(at now: Date) -> Bool {
        guard let signedAt = Self.parseDate(date) else { return false }
        return abs(signedAt.timeIntervalSince(now)) <= Self.allowedSkew
    }

    /// The signed date: ISO 8601 in UTC, with or without fractional seconds.
    private static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) {
            return date
        }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }
}
