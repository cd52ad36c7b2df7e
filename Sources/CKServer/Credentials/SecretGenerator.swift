import Crypto
import Foundation

/// Makes the secrets and identifiers the server hands out, in the formats real clients check.
public enum SecretGenerator {
    /// `count` random bytes from the system's secure generator, eight at a time (a byte at a time asked the
    /// system for each one).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// 64 lower-case hex characters: an API token.
    public static func apiToken() -> String {
        hex(randomBytes(32))
    }

    /// 128 characters of `[A-Za-z0-9+/=]`: a web auth token (clients expect at least 100).
    public static func webAuthToken() -> String {
        Data(randomBytes(96)).base64EncodedString()
    }

    /// `ckm_` and 48 characters of `[A-Za-z0-9_-]`: a management token, recognisable in logs and config.
    public static func managementToken() -> String {
        "ckm_" + Data(randomBytes(36)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    /// `_` and 32 hex characters: a user record name.
    public static func userRecordName() -> String {
        "_" + hex(randomBytes(16))
    }

    /// The SHA-256 of a secret, hex: what the server stores instead of the secret.
    public static func hash(of secret: String) -> String {
        hex(Array(SHA256.hash(data: Array(secret.utf8))))
    }

    /// Bytes as lower-case hex, two digits a byte written into one buffer: every signed-in request hashes its
    /// tokens, and a string per byte joined afterwards cost a request about 1% of its CPU.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
