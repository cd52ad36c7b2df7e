import Crypto
import Foundation
import _CryptoExtras

/// What the server keeps of a user's sign-in password: PBKDF2-SHA256 of it with a random salt, written
/// `pbkdf2-sha256$ROUNDS$SALT$KEY` (base64), never the password itself.
public struct PasswordVerifier: Sendable, Equatable {
    /// OWASP's minimum for PBKDF2-SHA256, which swift-crypto also enforces: about 0.1 s of one core per check.
    static let rounds = 210_000
    private static let scheme = "pbkdf2-sha256"

    let rounds: Int
    let salt: [UInt8]
    let key: [UInt8]

    /// The verifier of a new password, with a new salt.
    public init(password: String) throws {
        rounds = Self.rounds
        salt = SecretGenerator.randomBytes(16)
        key = try Self.derive(password, salt: salt, rounds: rounds)
    }

    /// The verifier stored as `text`; `nil` when it is not one.
    init?(stored text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.scheme, let rounds = Int(parts[1]), rounds >= Self.rounds,
            let salt = Data(base64Encoded: String(parts[2])), let key = Data(base64Encoded: String(parts[3])), !key.isEmpty
        else { return nil }
        self.rounds = rounds
        self.salt = Array(salt)
        self.key = Array(key)
    }

    /// The text to store.
    public var stored: String {
        [Self.scheme, String(rounds), Data(salt).base64EncodedString(), Data(key).base64EncodedString()].joined(separator: "$")
    }

    /// Whether `password` is the one this verifier was made of, compared in constant time.
    public func accepts(_ password: String) -> Bool {
        guard let derived = try? Self.derive(password, salt: salt, rounds: rounds) else { return false }
        return SymmetricKey(data: derived) == SymmetricKey(data: key)
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }
}
