import CKModel
import TerminalKit

/// The secret of a token just made, shown this once in full on lines of its own (so it can be selected with the
/// mouse) with the warning that it will not be shown again; `y` copies it. The screen drops it when the dialog
/// closes: nothing can show it again.
struct SecretDialog {
    /// What a key did to the dialog.
    enum Outcome: Equatable {
        case consumed
        case copy(String)
        case closed
    }

    /// The box's title: `API token web app created`.
    let title: String
    /// The secret, in full.
    let secret: String
    /// How the secret is used.
    let usage: String

    /// The dialog for `created`, a token of `tab`'s kind.
    init(_ created: ManagementCredentials.CreatedToken, tab: CredentialsTab) {
        secret = created.secret
        switch tab {
        case .managementTokens:
            title = "Management token \(created.token.name) created"
            usage = "Send it as Authorization: Bearer to the management API, or give it to ckdash --token."
        default:
            title = "API token \(created.token.name) created"
            usage = "Send it as ckAPIToken with the data API (CloudKit JS: apiToken)."
        }
    }

    /// Copies, closes, or swallows the key: the dialog owns the keyboard.
    func handle(_ key: Key) -> Outcome {
        switch key {
        case .character("y"): .copy(secret)
        case .enter, .escape: .closed
        default: .consumed
        }
    }

    /// Draws the box centred in `rect`: the warning, the secret, how to use it, and the keys.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let width = min(rect.width, max(66, DisplayWidth.of(secret) + 6))
        let text = max(1, width - 4)
        let warning = TextWrapping.lines(of: "Copy the secret now: it will not be shown again.", width: text)
        let secretLines = TextWrapping.lines(of: secret, width: text)
        let usageLines = TextWrapping.lines(of: usage, width: text)
        let rows: [(String, ThemeRole)] = warning.map { ($0, .warning) } + [("", .dialog)] + secretLines.map { ($0, .title) } + [("", .dialog)]
            + usageLines.map { ($0, .dialog) } + [("", .dialog), ("y copy to the clipboard (OSC 52)   Enter close", .muted)]
        let box = rect.centered(Size(width: width, height: min(rect.height, rows.count + 2)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        for (offset, (line, role)) in rows.enumerated() where offset < inside.height {
            canvas.write(line, in: inside.row(offset), style: theme.style(role))
        }
    }
}
