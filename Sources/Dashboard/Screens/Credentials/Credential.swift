import CKModel

/// One API token, server-to-server key or management token as the tokens and keys screen lists it: what the
/// selection, the details, the copy and the revoke work on.
enum Credential: Equatable, Sendable {
    case apiToken(ManagementCredentials.Token)
    case serverKey(ManagementCredentials.ServerKey)
    case managementToken(ManagementCredentials.Token)

    /// The ID a revoke takes: a token's `id`, a key's `keyID`.
    var id: String {
        switch self {
        case .apiToken(let token), .managementToken(let token): token.id
        case .serverKey(let key): key.keyID
        }
    }

    /// A token's name; a key, which has none, goes by its ID.
    var name: String {
        switch self {
        case .apiToken(let token), .managementToken(let token): token.name
        case .serverKey(let key): key.keyID
        }
    }

    /// What the `/` filter matches: the name and the ID.
    var searchText: String {
        name == id ? id : name + " " + id
    }

    /// The credential in a sentence: `API token web app`, `server-to-server key 3c8e0f5a1b2c…`.
    var description: String {
        switch self {
        case .apiToken(let token): "API token \(token.name)"
        case .serverKey(let key): "server-to-server key \(key.keyID.prefix(12))…"
        case .managementToken(let token): "management token \(token.name)"
        }
    }

    /// When it was made, in milliseconds since 1970.
    var createdTimestamp: Int64 {
        switch self {
        case .apiToken(let token), .managementToken(let token): token.createdTimestamp
        case .serverKey(let key): key.createdTimestamp
        }
    }
}
