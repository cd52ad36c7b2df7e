import CKModel

/// Everything the tokens and keys screen lists, fetched together: the container's API tokens and
/// server-to-server keys, the management tokens the dashboard's token may see, and which of those is the
/// dashboard's own (revoking it needs a stronger warning).
struct CredentialListing: Equatable, Sendable {
    var apiTokens: [ManagementCredentials.Token]
    var serverKeys: [ManagementCredentials.ServerKey]
    var managementTokens: [ManagementCredentials.Token]
    /// The ID of the management token this dashboard sends; `nil` when the server would not say.
    var currentTokenID: String?

    /// The credentials `tab` lists, oldest first.
    func credentials(in tab: CredentialsTab) -> [Credential] {
        switch tab {
        case .apiTokens: apiTokens.map(Credential.apiToken)
        case .serverKeys: serverKeys.map(Credential.serverKey)
        case .managementTokens: managementTokens.map(Credential.managementToken)
        }
    }

    /// Whether `credential` is the management token this dashboard sends.
    func isCurrent(_ credential: Credential) -> Bool {
        if case .managementToken(let token) = credential { token.id == currentTokenID } else { false }
    }
}
