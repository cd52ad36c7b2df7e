import Foundation

/// A web auth token's rotation as storage makes it: the sign-in whose current token hashes to `presentedHash`,
/// unexpired at `at`, gets `successor` as its current token, the presented one becomes the token before it
/// (working until `graceEnd` at the latest, keeping `sealedSuccessor`), and the token before that stops.
public struct WebAuthTokenRotation: Sendable {
    /// The hash of the token presented, which must still be the sign-in's current one.
    public var presentedHash: String
    /// The sign-in's record with its new current token.
    public var successor: CredentialRecord
    /// The new token sealed with the presented one's key (`SuccessorSeal`).
    public var sealedSuccessor: Data
    /// When the presented token stops working at the latest.
    public var graceEnd: Date
    /// When the rotation is made: a sign-in expired by then is not rotated (nor given a new expiry).
    public var at: Date

    /// Creates a rotation.
    public init(presentedHash: String, successor: CredentialRecord, sealedSuccessor: Data, graceEnd: Date, at: Date) {
        self.presentedHash = presentedHash
        self.successor = successor
        self.sealedSuccessor = sealedSuccessor
        self.graceEnd = graceEnd
        self.at = at
    }
}
