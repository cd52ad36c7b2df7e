import CKModel

extension CloudKitClient {
    /// A new push token and the URL to long-poll for its notifications (`tokens/create`, under `/device/1/…`
    /// where the live service has it).
    /// - Parameter apnsEnvironment: `development` or `production`; the server's choice when `nil`.
    public func createToken(apnsEnvironment: String? = nil) async throws -> Tokens.CreateResponse {
        try await send(.post, path: devicePath("tokens/create"), body: Tokens.CreateRequest(apnsEnvironment: apnsEnvironment))
    }

    /// Registers a push token for the caller's subscriptions (`tokens/register`).
    /// - Parameters:
    ///   - apnsToken: The token, as `createToken(apnsEnvironment:)` answered it.
    ///   - apnsEnvironment: The environment the token is for.
    public func registerToken(_ apnsToken: String, apnsEnvironment: String) async throws {
        let _: EmptyAnswer = try await send(
            .post, path: devicePath("tokens/register"), body: Tokens.RegisterRequest(apnsEnvironment: apnsEnvironment, apnsToken: apnsToken))
    }

    /// `/device/1/{container}/{environment}/{operation}`: the live service answers `tokens/*` only there, not
    /// under the `/database/1/…` path Apple documents.
    private func devicePath(_ operation: String) throws(CloudKitClientError) -> String {
        "/device/1/\(try requireContainer())/\(configuration.environment.rawValue)/\(operation)"
    }
}
