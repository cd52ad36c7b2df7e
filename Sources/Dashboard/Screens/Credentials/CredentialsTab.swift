/// The parts of the tokens and keys screen, one tab each.
enum CredentialsTab: Int, CaseIterable, Equatable {
    /// The container's API tokens, which the data API takes as `ckAPIToken`.
    case apiTokens
    /// The container's server-to-server keys, whose private halves sign data API requests.
    case serverKeys
    /// The management tokens, which the management API (and this dashboard) take as `Authorization: Bearer`.
    case managementTokens

    /// The tab's title.
    var title: String {
        switch self {
        case .apiTokens: "API tokens"
        case .serverKeys: "Server-to-server keys"
        case .managementTokens: "Management tokens"
        }
    }
}
