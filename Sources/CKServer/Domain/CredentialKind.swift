/// The kinds of secret the server issues.
public enum CredentialKind: String, Hashable, Sendable, Codable {
    /// `Authorization: Bearer` for the management API and the data API as the developer.
    case managementToken
    /// `ckAPIToken`: a container's public access, as `_world`.
    case apiToken
    /// `ckWebAuthToken`: a signed-in user.
    case webAuthToken
}
