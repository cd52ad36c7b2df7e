import Foundation
import CKModel
import TerminalKit

/// Making, adding and revoking credentials: the questions each asks, the change sent through the host (refused in
/// a read-only session), and the secret shown once.
extension CredentialsScreen {
    /// Asks what the shown tab's new credential needs: an API token's name, a management token's form, a key.
    func startCreating() {
        switch tab {
        case .apiTokens: overlay = .apiTokenName(Prompt(title: "New API token", message: "A name for people, such as web app (empty: none):"))
        case .managementTokens: overlay = .managementToken(ManagementTokenDraft.dialog(container: session.container))
        case .serverKeys: overlay = .serverKey(PublicKeyPrompt())
        }
    }

    /// Asks before revoking `credential`, naming it and saying it stops working at once; the dashboard's own
    /// management token needs its name typed, since the dashboard is cut off once it is gone.
    func revoke(_ credential: Credential, isCurrent: Bool, host: any ScreenHost) {
        let refused = if case .serverKey = credential { "every request signed with its private key" } else { "every request that sends it" }
        var message = "The \(credential.description) (ID \(credential.id)) stops working at once: \(refused) is refused with"
            + " AUTHENTICATION_FAILED. This cannot be undone."
        if isCurrent {
            message = "This is the token this dashboard uses: once it is revoked, every screen fails until ckdash starts again with"
                + " another token (the embedded server makes a new one when it starts). " + message
        }
        let confirmation = Confirmation(
            title: isCurrent ? "Revoke this dashboard's own token \(credential.name)?" : "Revoke \(credential.description)?", message: message,
            confirmTitle: "Revoke", typedName: isCurrent ? credential.name : nil)
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let loader = loader
            host.change("Revoking \(credential.description)", { try await loader.revoke(credential) }) { [weak self, weak host] _ in
                guard let host else { return }
                host.report(StatusMessage("Revoked \(credential.description): it no longer works", kind: .success))
                self?.reload(host)
            }
        }
    }

    /// Gives `key` to the overlay that is open, acting on its answer.
    func handleOverlay(_ key: Key, host: any ScreenHost) {
        let loader = loader
        switch overlay {
        case .apiTokenName(var prompt)?:
            switch prompt.handle(key) {
            case .consumed: overlay = .apiTokenName(prompt)
            case .cancelled: overlay = nil
            case .answered(let name):
                overlay = nil
                let name = name.trimmingCharacters(in: .whitespaces)
                create(.apiTokens, describing: "API token" + (name.isEmpty ? "" : " \(name)"), host: host) {
                    try await loader.createAPIToken(name: name.isEmpty ? nil : name)
                }
            }
        case .managementToken(var dialog)?:
            switch dialog.handle(key) {
            case .consumed: overlay = .managementToken(dialog)
            case .cancelled: overlay = nil
            case .submitted(let values):
                overlay = nil
                let draft = ManagementTokenDraft(values: values, container: session.container)
                create(.managementTokens, describing: "management token \(draft.name)", host: host) { try await loader.createManagementToken(draft) }
            }
        case .serverKey(var prompt)?:
            switch prompt.handle(key) {
            case .consumed: overlay = .serverKey(prompt)
            case .cancelled: overlay = nil
            case .refused(let error):
                overlay = nil
                host.report(StatusMessage(error.description, kind: .error))
            case .answered(let input):
                overlay = nil
                addServerKey(input, host: host)
            }
        case .secret(let dialog)?:
            switch dialog.handle(key) {
            case .consumed: break
            case .copy(let secret): host.copyToClipboard(secret, describing: "the secret")
            case .closed: overlay = nil
            }
        case .details(var panel)?:
            overlay = panel.handle(key) == .closed ? nil : .details(panel)
        case nil:
            break
        }
    }

    /// Draws the overlay that is open over `rect`.
    func drawOverlay(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        switch overlay {
        case .apiTokenName(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .apiTokenName(prompt)
        case .managementToken(var dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
            overlay = .managementToken(dialog)
        case .serverKey(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .serverKey(prompt)
        case .secret(let dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
        case .details(var panel)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
            overlay = .details(panel)
        case nil:
            break
        }
    }

    /// Makes a token with `operation`, then shows its secret once and selects it in the list.
    private func create(
        _ tab: CredentialsTab, describing description: String, host: any ScreenHost,
        _ operation: @escaping @Sendable () async throws -> ManagementCredentials.CreatedToken
    ) {
        host.change("Making \(description)", operation) { [weak self, weak host] created in
            guard let self, let host else { return }
            overlay = .secret(SecretDialog(created, tab: tab))
            reload(host, selecting: created.token.id)
        }
    }

    private func addServerKey(_ input: PublicKeyInput, host: any ScreenHost) {
        let loader = loader
        host.change("Adding the server-to-server key", { try await loader.addServerKey(input) }) { [weak self, weak host] key in
            guard let host else { return }
            host.report(StatusMessage("Added the server-to-server key \(key.keyID)", kind: .success))
            self?.reload(host, selecting: key.keyID)
        }
    }
}
