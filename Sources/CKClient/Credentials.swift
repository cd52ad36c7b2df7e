/// What a client proves who it is with; the parts may be combined, and each request uses the one that fits it.
///
/// A data call is sent, in this order of preference, as the signed-in user (`apiToken` with `webAuthToken`),
/// as the developer with a server-to-server key, anonymously with the API token alone, or with the management
/// token as a bearer token. Management calls always use the management token. Styles are never mixed in one
/// request, since CloudKit may reject a request that carries two.
public struct Credentials: Sendable {
    /// The container's API token, sent as the `ckAPIToken` query parameter.
    public var apiToken: String?
    /// A signed-in user's web auth token, sent as `ckWebAuthToken` with the API token; the server answers a
    /// new one with every response, which the client keeps for its next request.
    public var webAuthToken: String?
    /// A server-to-server key that signs every data request.
    public var serverToServerKey: ServerToServerKey?
    /// A management token, sent as `Authorization: Bearer`.
    public var managementToken: String?
    /// The record name of a user a management token's data calls act as, sent as ckserver's `X-CKServer-Act-As`
    /// header: the calls then have exactly that user's permissions and private database. A ckserver extension;
    /// other servers ignore it.
    public var actingAsUser: String?

    /// Creates credentials from any combination of the four styles.
    /// - Parameters:
    ///   - apiToken: The container's API token.
    ///   - webAuthToken: A signed-in user's web auth token (needs `apiToken`).
    ///   - serverToServerKey: A server-to-server key.
    ///   - managementToken: A management token.
    ///   - actingAsUser: The record name of the user a management token's data calls act as (ckserver only).
    public init(
        apiToken: String? = nil, webAuthToken: String? = nil, serverToServerKey: ServerToServerKey? = nil, managementToken: String? = nil,
        actingAsUser: String? = nil
    ) {
        self.apiToken = apiToken
        self.webAuthToken = webAuthToken
        self.serverToServerKey = serverToServerKey
        self.managementToken = managementToken
        self.actingAsUser = actingAsUser
    }

    /// Anonymous access with the container's API token: what the `_world` role may do.
    public static func apiToken(_ token: String) -> Credentials {
        Credentials(apiToken: token)
    }

    /// Acting as a user: the API token with that user's web auth token.
    public static func user(apiToken: String, webAuthToken: String) -> Credentials {
        Credentials(apiToken: apiToken, webAuthToken: webAuthToken)
    }

    /// The developer's server-to-server key (public database only, as CloudKit allows).
    public static func serverToServerKey(_ key: ServerToServerKey) -> Credentials {
        Credentials(serverToServerKey: key)
    }

    /// A management token, for management calls (and for data calls on servers that accept it).
    public static func managementToken(_ token: String) -> Credentials {
        Credentials(managementToken: token)
    }

    /// A management token whose data calls act as the user with this record name: that user's permissions and
    /// private database, without the user's web auth token (ckserver only).
    public static func managementToken(_ token: String, actingAsUser userRecordName: String) -> Credentials {
        Credentials(managementToken: token, actingAsUser: userRecordName)
    }
}
