/// How a request proves who sends it.
enum RequestAuthentication: Sendable {
    /// The data API: the configured credentials, in the order of preference `Credentials` documents.
    case database
    /// The management API: the management token as `Authorization: Bearer`.
    case management
    /// Nothing: URLs that carry their own authorization, such as asset upload and download URLs.
    case none
}
