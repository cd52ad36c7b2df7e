/// What credentials a data API request came with, as the request log records it.
public enum CallerKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// The API token alone: anyone, public database only.
    case anyone
    /// A signed-in user's web auth token.
    case user
    /// A server-to-server key's signature: the container's developer.
    case serverKey
    /// A management token, as the developer or acting as a user.
    case managementToken
}
