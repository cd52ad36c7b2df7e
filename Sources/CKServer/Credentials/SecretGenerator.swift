import Crypto
import Foundation

/// Makes the secrets and identifiers the server hands out, in the formats real clients check.
public enum SecretGenerator {
    /// `count` random bytes from the system's secure generator.
    static func randomBytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fillRandomly(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Fills `buffer` from the system's secure generator in one call (`getentropy`) where the system has one:
    /// asked eight bytes at a time, a web auth token's rotation cost twelve system calls.
    static func fillRandomly(_ buffer: UnsafeMutableRawBufferPointer) {
        var filled = 0
        #if canImport(Glibc)
        // getentropy takes at most 256 bytes a call.
        while filled < buffer.count {
            let count = min(256, buffer.count - filled)
            guard getentropy(buffer.baseAddress! + filled, count) == 0 else { break }
            filled += count
        }
        #endif
        // Without getentropy (or should it fail), eight bytes at a time from Swift's own secure generator.
        var generator = SystemRandomNumberGenerator()
        while filled < buffer.count {
            withUnsafeBytes(of: generator.next()) { random in
                let count = min(random.count, buffer.count - filled)
                buffer.baseAddress!.advanced(by: filled).copyMemory(from: random.baseAddress!, byteCount: count)
                filled += count
            }
        }
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
