import Foundation

/// A web auth token as a request presents it: the sign-in it belongs to, as the sign-in's current token or as the
/// one before it, which keeps working for the grace period after its rotation.
public struct PresentedWebAuthToken: Hashable, Sendable {
    /// The sign-in: its current token's hash, its user and container, and when it expires.
    public var signIn: CredentialRecord
    /// For the token before the current one: the current token, sealed with the presented token's key
    /// (`SuccessorSeal`), which the request gets back instead of a new rotation.
    public var sealedSuccessor: Data?

    /// Creates the outcome of a lookup.
    public init(signIn: CredentialRecord, sealedSuccessor: Data? = nil) {
        self.signIn = signIn
        self.sealedSuccessor = sealedSuccessor
    }
}
