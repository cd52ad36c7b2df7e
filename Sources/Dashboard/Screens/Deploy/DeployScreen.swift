import CKModel
import CKSchema
import TerminalKit

/// Promotion to production: the classified diff of development against production with the lint warnings, the
/// `.ckdb` text of both with the difference highlighted, and the deploy history, a tab each. D deploys exactly the
/// diff on screen after the container's name is typed; R resets development after showing what it deletes.
///
/// Deploying is the one sanctioned way to change production's schema and asks for the container's name itself, so
/// the screen does not wait for `:unlock`.
final class DeployScreen: Screen {
    let session: Session
    let loader: DeployLoader
    private let display: FieldValueDisplay
    let review: Remote<DeployReview>
    private let history: Remote<[ManagementSchema.Deployment]>
    private var tabs: TabBar
    private var texts: [DeployTab: ColoredText] = [:]
    /// The two texts the `.ckdb` tab compares.
    private var comparison: TextComparison?
    private var search = ""
    /// What the last deploy or reset from this screen did, shown above the diff until the screen is reloaded.
    var outcome: [ColoredText.Line] = []
    /// Production's schema before and after the deploy this screen made, which the `.ckdb` tab shows instead of
    /// production against development until the screen is reloaded.
    var deployed: TextComparison?

    init(session: Session, tab: DeployTab, loader: DeployLoader, display: FieldValueDisplay) {
        self.session = session
        self.loader = loader
        self.display = display
        review = Remote { try await loader.review() }
        history = Remote { try await loader.deployments() }
        tabs = TabBar(titles: DeployTab.allCases.map(\.title), selected: tab.rawValue)
    }

    var title: String {
        let base = loader.files.map { "Changes from \($0.productionName) to \($0.developmentName)" } ?? "Deploy development to production"
        return base + (search.isEmpty ? "" : " /\(search)")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(
            .deploy, keys: [.character("D")], label: "Deploy",
            help: "Deploy the diff on screen to production, after typing the container's name", group: "Deploy", isMutation: true),
        KeyBinding(
            .resetDevelopment, keys: [.character("R")], label: "Reset dev",
            help: "Delete development's records and set its schema back to production's, after showing what goes and typing the container's name",
            group: "Deploy", isMutation: true),
        KeyBinding(.nextTab, keys: [.tab, .character("]")], label: "Next tab", help: "Show the next tab: changes, .ckdb text, deploy history", group: "Deploy"),
        KeyBinding(.previousTab, keys: [.backTab, .character("[")], label: "Previous tab", help: "Show the previous tab", group: "Deploy", isShownInHints: false),
        KeyBinding(
            .nextChange, keys: [.character("c")], label: "Next change",
            help: "Go to the next lines that differ in the .ckdb text (C: the previous)", group: "Deploy", isShownInHints: false),
        KeyBinding(.search, keys: [.character("n")], label: "Next match", help: "Go to the next match of the search (N: the previous)", group: "Deploy", isShownInHints: false),
    ])

    var bindings: KeyBindingTable { Self.keys }

    /// The tab shown.
    var tab: DeployTab { DeployTab(rawValue: tabs.selected) ?? .changes }

    var statusItems: [String] { texts[tab].map { [$0.position] } ?? [] }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { search }
    var isLoading: Bool { review.isLoading || history.isLoading }
    var hasFailedToLoad: Bool { review.hasFailed }
    /// Deploy and reset work on the reviewed diff; the history does not hold them up.
    func isLoading(for action: KeyAction) -> Bool { review.isLoading }
    var currentDestination: Destination? { loader.files.map { .schemaFiles($0) } ?? .deploy(tab: tab) }
    var changesProduction: Bool { false }

    func load(_ host: any ScreenHost) {
        outcome = []
        deployed = nil
        refresh(host)
    }

    /// Fetches the diff, both schemas and the history again, keeping what the last deploy or reset said.
    func refresh(_ host: any ScreenHost) {
        review.load(in: host.work) { [weak self] _ in self?.showTexts() }
        history.load(in: host.work) { [weak self] _ in self?.showTexts() }
    }

    func cancelLoading(_ host: any ScreenHost) {
        review.cancel(in: host.work)
        history.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .deploy: deploy(host)
        case .resetDevelopment: resetDevelopment(host)
        case .nextTab: show((tab.rawValue + 1) % DeployTab.allCases.count)
        case .previousTab: show((tab.rawValue + DeployTab.allCases.count - 1) % DeployTab.allCases.count)
        case .search: _ = texts[tab]?.handle(.character("n"))
        case .nextChange: showChange(step: 1, host: host)
        default: break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        if key == .character("C") {
            showChange(step: -1, host: host)
            return true
        }
        return texts[tab]?.handle(key) ?? false
    }

    /// Goes to the next or previous lines that differ, on the .ckdb tab.
    private func showChange(step: Int, host: any ScreenHost) {
        show(DeployTab.text.rawValue)
        if texts[.text]?.showChange(step: step) == false {
            host.report(StatusMessage("Nothing differs: the two texts are the same"))
        }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        search = text
        if texts[tab]?.search(for: text) == false, !text.isEmpty {
            host.report(StatusMessage("No match for \(text)", kind: .warning))
        }
    }

    func refusal(of binding: KeyBinding) -> String? {
        if loader.files != nil, binding.action == .deploy || binding.action == .resetDevelopment {
            return "These are two files: a deploy happens on the server (CloudKit Console's Deploy Schema Changes on Apple's CloudKit)"
        }
        guard binding.action == .deploy else { return nil }
        guard let shown = review.value else {
            return review.isLoading ? "The diff is still loading: deploy once it is on screen" : "There is no diff on screen to deploy: r fetches it again"
        }
        if shown.diff.changes.isEmpty {
            return "Nothing to deploy: development matches production"
        }
        let blocked = shown.blockedCount
        if blocked > 0 {
            return "Production refuses this deploy: fix the \(blocked) blocked change\(blocked == 1 ? "" : "s") in development first (each says how)"
        }
        return nil
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let (tabRow, body) = rect.splitTop(1)
        tabs.draw(in: tabRow, on: &canvas, theme: theme, focused: true)
        let isShown = switch tab {
        case .changes, .text: review.valueOrDrawState(in: body, on: &canvas, theme: theme, loading: "Comparing development with production…") != nil
        case .deployments: history.valueOrDrawState(in: body, on: &canvas, theme: theme, loading: "Loading the deploy history…") != nil
        }
        guard isShown else { return }
        if tab == .text, let comparison {
            let (legend, text) = body.splitTop(1)
            drawPieces(comparison.legend, in: legend, on: &canvas, theme: theme)
            texts[tab]?.draw(in: text, on: &canvas, theme: theme)
        } else {
            texts[tab]?.draw(in: body, on: &canvas, theme: theme)
        }
    }

    /// Writes `pieces` one after the other on the line `rect`, each in its role.
    private func drawPieces(_ pieces: [ColoredText.Line], in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        canvas.fill(rect, style: theme.style(.text))
        var column = rect.x
        for piece in pieces {
            column += canvas.write(piece.text, column: column, row: rect.y, style: theme.style(piece.role), limit: rect.maxX - column)
        }
    }

    /// Switches to tab `index`, searching it for the search in force.
    func show(_ index: Int) {
        tabs.select(index)
        if !search.isEmpty { texts[tab]?.search(for: search) }
    }

    /// Makes the tabs' text from what is loaded, keeping each tab's scroll position when its text did not change.
    func showTexts() {
        let container = session.container?.rawValue ?? "the container"
        if let review = review.value {
            replace(.changes, with: outcome + DeployLines.changes(review, container: container), wraps: true)
            let comparison = deployed
                ?? TextComparison(old: review.production, new: review.development, oldName: "production", newName: "development")
            self.comparison = comparison
            replace(.text, with: comparison.lines, wraps: false)
        }
        if let deployments = history.value {
            replace(.deployments, with: DeployLines.deployments(deployments, container: container, display: display), wraps: true)
        }
    }

    /// Shows `lines` in `tab` from its first change (or its top), searched for the search in force, unless the
    /// tab shows them already.
    private func replace(_ tab: DeployTab, with lines: [ColoredText.Line], wraps: Bool) {
        guard texts[tab]?.source != lines else { return }
        var text = ColoredText(lines, wraps: wraps)
        text.showFirstChange()
        if !search.isEmpty { text.search(for: search) }
        texts[tab] = text
    }
}
