import Foundation

/// What became of a web auth token sent for rotation.
public enum WebAuthTokenRotation: Hashable, Sendable {
    /// The successor given was stored: the token's first rotation.
    case rotated
    /// The token was rotated before; its successor, sealed with the token's key, is to be given again.
    case rotatedBefore(sealedSuccessor: Data)
    /// The token is gone (expired, or retired by a later rotation of its sign-in) since it was checked.
    case gone
}
