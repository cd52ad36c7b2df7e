import CKClient
import CKModel

/// Fetches and changes what the tokens and keys screen shows, through the management API of the session's
/// container: its API tokens and server-to-server keys, and the management tokens.
struct CredentialsLoader: Sendable {
    let client: CloudKitClient

    /// Every list at once, and which management token is the dashboard's own.
    func listing() async throws -> CredentialListing {
        async let apiTokens = client.apiTokens()
        async let serverKeys = client.serverKeys()
        async let managementTokens = client.managementTokens()
        async let current = try? client.currentManagementToken()
        return CredentialListing(
            apiTokens: try await apiTokens, serverKeys: try await serverKeys, managementTokens: try await managementTokens,
            currentTokenID: await current?.id)
    }

    /// A new API token of the container, with its secret.
    func createAPIToken(name: String?) async throws -> ManagementCredentials.CreatedToken {
        try await client.createAPIToken(name: name)
    }

    /// A new management token, with its secret.
    func createManagementToken(_ draft: ManagementTokenDraft) async throws -> ManagementCredentials.CreatedToken {
        try await client.createManagementToken(name: draft.name, container: draft.container, readOnly: draft.readOnly)
    }

    /// Adds the server-to-server key `input` gives, reading its file first when it names one.
    func addServerKey(_ input: PublicKeyInput) async throws -> ManagementCredentials.ServerKey {
        try await client.addServerKey(publicKeyPEM: try input.pemText())
    }

    /// Revokes `credential`: it stops working at once.
    func revoke(_ credential: Credential) async throws {
        switch credential {
        case .apiToken(let token): try await client.revokeAPIToken(id: token.id)
        case .serverKey(let key): try await client.revokeServerKey(keyID: key.keyID)
        case .managementToken(let token): try await client.revokeManagementToken(id: token.id)
        }
    }
}
