import Crypto
import Foundation

/// A rotated web auth token's successor, kept beside the token sealed with a key only the token itself gives:
/// the database holds the token's hash, never the token, so it cannot open the seal, and a client presenting
/// the token again gets the same successor back instead of a new live token.
enum SuccessorSeal {
    /// `successor` sealed with a key derived from `token`.
    static func seal(_ successor: String, with token: String) -> Data {
        // A fresh random nonce per seal; sealing cannot fail with a 256-bit key.
        (try? AES.GCM.seal(Data(successor.utf8), using: key(of: token)).combined) ?? Data()
    }

    /// The successor sealed with `token`'s key; `nil` when the seal is not one of `token`'s.
    static func open(_ sealed: Data, with token: String) -> String? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed), let plain = try? AES.GCM.open(box, using: key(of: token)) else { return nil }
        return String(data: plain, encoding: .utf8)
    }

    /// Not the token's stored hash (SHA-256 of the token alone), which the database holds.
    private static func key(of token: String) -> SymmetricKey {
        SymmetricKey(data: SHA256.hash(data: Data("ckserver web auth token successor:\(token)".utf8)))
    }
}
