import CKClient
import CKModel

/// Signs a user in with CloudKit's web sign-in, for a session that has the container's API token but no user:
/// asks a user's endpoint for the sign-in address the server names, then checks a web auth token pasted back or
/// returned to the sign-in callback.
struct SignInLoader: Sendable {
    let client: CloudKitClient
    /// The listener the sign-in may return the token to, instead of the token being pasted.
    var callback: (any SignInCallback)?

    /// The address of the server's sign-in page: the `redirectURL` of the `AUTHENTICATION_REQUIRED` that
    /// `users/current` answers without a user. A user's token the server refuses (it lapsed) counts as none.
    func signInAddress() async throws -> String {
        do {
            _ = try await client.currentUser()
        } catch let error as CloudKitClientError where error.serverErrorCode == .authenticationRequired {
            return try Self.address(in: error)
        } catch let error as CloudKitClientError where error.serverErrorCode == .authenticationFailed && client.webAuthToken != nil {
            do {
                _ = try await client.signedOut().currentUser()
            } catch let error as CloudKitClientError where error.serverErrorCode == .authenticationRequired {
                return try Self.address(in: error)
            }
        }
        throw SignInError.alreadySignedIn
    }

    /// The sign-in address an `AUTHENTICATION_REQUIRED` names.
    private static func address(in error: CloudKitClientError) throws -> String {
        guard case .server(let refusal, _, _) = error, let address = refusal.redirectURL else { throw SignInError.noAddress }
        return address
    }

    /// A client signed in with `webAuthToken`, and the user it signs in, once the server accepts the token.
    func signIn(webAuthToken: String) async throws -> (client: CloudKitClient, user: User) {
        let signedIn = client.actingAsUser(webAuthToken: webAuthToken)
        return (signedIn, try await signedIn.currentUser())
    }
}
