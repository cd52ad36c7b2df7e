import CKClient
import CKModel
import TerminalKit

extension DashboardApp {
    /// Opens the sign-in by itself when a fetch meets a server that wants a user: `AUTHENTICATION_REQUIRED` (what
    /// was asked needs a signed-in user), or `AUTHENTICATION_FAILED` while a user is signed in (their web auth
    /// token lapsed or was revoked), in a session with the container's API token and no management API, where
    /// signing in is the way on. It is offered once per token refused, so a screen that goes on failing behind it
    /// (Esc left the sign-in) does not open it again; `:sign-in` still does.
    func signInAgainIfRefused(_ error: any Error) {
        guard let error = error as? CloudKitClientError, !configuration.hasManagementAPI,
            configuration.client.configuration.credentials.apiToken != nil, !(top is SignInScreen), top.session.container != nil
        else { return }
        let token = configuration.client.webAuthToken
        let lapsed = error.serverErrorCode == .authenticationFailed && token != nil
        guard error.serverErrorCode == .authenticationRequired || lapsed, refusedSignIn != .some(token) else { return }
        refusedSignIn = .some(token)
        let session = top.session
        open(.signIn(database: session.database), session: session)
        report(StatusMessage(
            lapsed
                ? "The server no longer accepts the signed-in user's token (\(Self.refusal(error))): sign in again, or Esc"
                : "This needs a signed-in user: sign in, or Esc", kind: .warning))
    }

    /// The server's code and reason for refusing a token, in a line: `AUTHENTICATION_FAILED: it expired`.
    private static func refusal(_ error: CloudKitClientError) -> String {
        guard case .server(let refusal, _, _) = error else { return ErrorMessage.text(for: error) }
        return refusal.serverErrorCode.rawValue + (refusal.reason.map { ": \($0)" } ?? "")
    }
}
