import CKModel
import TerminalKit

/// The container's API tokens and server-to-server keys and the management tokens, a tab each, never with a
/// secret: `n` makes a token (its secret shown once) or adds a key, `x` revokes after naming what stops working,
/// Enter shows one in full.
///
/// Credentials belong to the container and the server, not to an environment, so the production lock does not
/// hold them back; a read-only session has neither `n` nor `x`.
final class CredentialsScreen: Screen {
    /// What is open over the table.
    enum Overlay {
        case apiTokenName(Prompt)
        case managementToken(FormDialog)
        case serverKey(PublicKeyPrompt)
        case secret(SecretDialog)
        case details(TextPanel)
    }

    let session: Session
    let loader: CredentialsLoader
    let display: FieldValueDisplay
    let listing: Remote<CredentialListing>
    var overlay: Overlay?
    private var tabs: TabBar
    private var lists: [FilteredList<Credential>]

    init(session: Session, tab: CredentialsTab, loader: CredentialsLoader, display: FieldValueDisplay) {
        self.session = session
        self.loader = loader
        self.display = display
        listing = Remote { try await loader.listing() }
        tabs = TabBar(titles: CredentialsTab.allCases.map(\.title), selected: tab.rawValue)
        lists = CredentialsTab.allCases.map { tab in
            FilteredList(columns: CredentialRows.columns(for: tab), emptyMessage: "No \(tab.title.lowercased()): n makes one", name: \.searchText)
        }
    }

    /// The tab shown.
    var tab: CredentialsTab { CredentialsTab(rawValue: tabs.selected) ?? .apiTokens }

    var title: String { "Tokens and keys: " + lists[tab.rawValue].title(tab.title, isLoaded: listing.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Details", help: "Show the selected token or key in full", group: group),
        KeyBinding(
            .createCredential, keys: [.character("n")], label: "New",
            help: "Make an API token or a management token (its secret shown once), or add a server-to-server key", group: group, isMutation: true),
        KeyBinding(
            .revokeCredential, keys: [.character("x")], label: "Revoke", help: "Revoke the selected token or key: it stops working at once (asks first)",
            group: group, isMutation: true),
        KeyBinding(.copy, keys: [.character("y")], label: "Copy ID", help: "Copy the selected token's or key's ID (OSC 52)", group: group),
        KeyBinding(
            .nextTab, keys: [.tab, .character("]")], label: "Next tab", help: "Show the next tab: API tokens, server-to-server keys, management tokens",
            group: group),
        KeyBinding(.previousTab, keys: [.backTab, .character("[")], label: "Previous tab", help: "Show the previous tab", group: group, isShownInHints: false),
    ])

    private static let group = "Tokens and keys"

    var bindings: KeyBindingTable { Self.keys }
    var statusItems: [String] { lists[tab.rawValue].statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { lists[tab.rawValue].filter }
    var capturesKeys: Bool { overlay != nil }
    var isLoading: Bool { listing.isLoading }
    var hasFailedToLoad: Bool { listing.hasFailed }
    var currentDestination: Destination? { .credentials(tab: tab) }
    var changesProduction: Bool { false }

    func load(_ host: any ScreenHost) {
        reload(host)
    }

    /// Fetches every list again, then selects the credential `selecting` names, if any.
    func reload(_ host: any ScreenHost, selecting id: String? = nil) {
        listing.load(in: host.work) { [weak self] loaded in
            guard let self else { return }
            for tab in CredentialsTab.allCases {
                let display = display
                lists[tab.rawValue].show(loaded.credentials(in: tab)) { CredentialRows.rows($0, listing: loaded, display: display) }
                if let id { lists[tab.rawValue].select { $0.id == id } }
            }
            tabs.titles = CredentialsTab.allCases.map { "\($0.title) (\(loaded.credentials(in: $0).count))" }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        listing.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .nextTab: show(tab.rawValue + 1)
        case .previousTab: show(tab.rawValue + CredentialsTab.allCases.count - 1)
        case .createCredential: startCreating()
        case .open, .revokeCredential, .copy:
            guard let credential = lists[tab.rawValue].selected, let loaded = listing.value else { return }
            switch action {
            case .open: overlay = .details(TextPanel(title: credential.description, lines: CredentialRows.details(of: credential, listing: loaded, display: display)))
            case .copy: host.copyToClipboard(credential.id, describing: "the ID of \(credential.description)")
            default: revoke(credential, isCurrent: loaded.isCurrent(credential), host: host)
            }
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard overlay != nil else { return lists[tab.rawValue].table.handleOpening(key) { perform(.open, host: host) } }
        handleOverlay(key, host: host)
        return true
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        lists[tab.rawValue].applyFilter(text)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let (tabRow, body) = rect.splitTop(1)
        tabs.draw(in: tabRow, on: &canvas, theme: theme, focused: overlay == nil)
        guard let loaded = listing.valueOrDrawState(in: body, on: &canvas, theme: theme, loading: "Loading the tokens and keys…") else { return }
        let showsCurrent = tab == .managementTokens && lists[tab.rawValue].visible.contains(where: loaded.isCurrent)
        let (table, legend) = body.splitBottom(showsCurrent ? 1 : 0)
        lists[tab.rawValue].table.draw(in: table, on: &canvas, theme: theme, focused: overlay == nil)
        if showsCurrent {
            canvas.fill(legend, style: theme.style(.text))
            canvas.write(CredentialRows.currentTokenLegend, in: legend, style: theme.style(.muted))
        }
        drawOverlay(in: rect, on: &canvas, theme: theme)
    }

    /// Shows tab `index` (wrapping), with its own selection and `/` filter.
    private func show(_ index: Int) {
        tabs.select(index % CredentialsTab.allCases.count)
    }
}
