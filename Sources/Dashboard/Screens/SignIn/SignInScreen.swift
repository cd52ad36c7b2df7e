import CKClient
import CKModel
import Foundation
import TerminalKit

/// Signing a user in where the session has only the container's API token, as a web app does: the screen shows
/// the server's sign-in address (Ctrl-Y copies it), and the web auth token the sign-in gives is pasted back,
/// shown as dots only. Once the server accepts it the session browses `database` as that user.
final class SignInScreen: Screen {
    let session: Session
    private let database: DatabaseScope
    private let loader: SignInLoader
    private let address: Remote<String>
    private var token = TextField()
    private var isChecking = false
    /// The wait for the sign-in callback's token, while the screen is open.
    private var callbackJob: BackgroundWork.Job?

    init(session: Session, database: DatabaseScope, loader: SignInLoader) {
        self.session = session
        self.database = database
        self.loader = loader
        address = Remote { try await loader.signInAddress() }
    }

    var title: String { "Sign in to \(session.container?.rawValue ?? "the container")" }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.copy, keys: [.control("y")], label: "Copy address", help: "Copy the sign-in address (OSC 52)", group: "Sign in"),
        KeyBinding(.open, keys: [.enter], label: "Sign in", help: "Sign in with the web auth token pasted", group: "Sign in"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var capturesKeys: Bool { address.value != nil }
    var isLoading: Bool { address.isLoading || isChecking }
    var hasFailedToLoad: Bool { address.hasFailed }
    var currentDestination: Destination? { .signIn(database: database) }

    func load(_ host: any ScreenHost) {
        address.load(in: host.work)
        waitForCallback(host)
    }

    /// Waits for the sign-in callback to deliver a token, then signs in with it as if it had been pasted.
    private func waitForCallback(_ host: any ScreenHost) {
        guard let callback = loader.callback, callbackJob == nil else { return }
        callbackJob = host.work.startWaiting({ await callback.nextToken() }) { [weak self, weak host] result in
            guard let self, let host else { return }
            callbackJob = nil
            guard case .success(let delivered?) = result else { return }
            token = TextField(text: delivered)
            submit(host: host)
            waitForCallback(host)
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        address.cancel(in: host.work)
        if let callbackJob { host.work.cancel(callbackJob) }
        callbackJob = nil
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .copy:
            if let value = address.value { host.copyToClipboard(value, describing: "the sign-in address") }
        case .open:
            submit(host: host)
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard address.value != nil else { return false }
        if key == .control("y") {
            perform(.copy, host: host)
            return true
        }
        switch token.handle(key) {
        case .submitted:
            submit(host: host)
            return true
        case .cancelled:
            host.close(self)
            return true
        case .ignored:
            return false
        case .consumed, .edited:
            return true
        }
    }

    private func submit(host: any ScreenHost) {
        let text = token.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !isChecking else { return }
        isChecking = true
        let (loader, database) = (loader, database)
        host.work.start({ try await loader.signIn(webAuthToken: text) }) { [weak self, weak host] result in
            guard let self, let host else { return }
            isChecking = false
            switch result {
            case .success(let (client, user)):
                host.signedIn(client, userRecordName: user.userRecordName, database: database)
            case .failure(let error):
                token = TextField()
                host.report(StatusMessage("The server did not accept the token: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard let value = address.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Asking the server where to sign in…") else { return }
        let lines: [(String, ThemeRole?)] = [
            ("The \(database.rawValue) database belongs to a signed-in user.", nil),
            ("", nil),
            ("1. Open this address in a browser and sign in (Ctrl-Y copies it):", nil),
            ("   \(value)", .key),
            ("", nil),
            (loader.callback.map { "2. Let the sign-in return to \($0.url) (the API token's sign-in callback), or paste the token it gives, then Enter:" }
                ?? "2. Paste the web auth token the sign-in gives (ckWebAuthToken), then Enter:", nil),
            ("   " + (token.text.isEmpty ? "" : String(repeating: "•", count: min(token.text.count, 40)) + "  (\(token.text.count) characters)"), .input),
            ("", nil),
            (isChecking ? "Checking the token…" : "The token is kept for this session only; :keep-sign-in FILE keeps it across sessions.", .muted),
        ]
        for (index, line) in lines.enumerated() {
            canvas.write(" " + line.0, in: rect.row(index + 1), style: theme.style(line.1 ?? .text))
        }
    }
}
