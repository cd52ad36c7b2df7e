import CKModel
import TerminalKit

/// The container's alert rules, each with its state (firing or ok, since when), what it watches and where it posts.
/// `n` creates one: a form, then a chart of when it would have fired over the last seven days, then Enter creates
/// it; `p` previews the selected rule, Enter shows it in full with its firings and recoveries, `d` deletes it.
///
/// Rules watch both environments, so the production lock does not hold them back; a read-only session cannot
/// create or delete them.
final class AlertsScreen: FilteredListScreen {
    /// What is open over the table.
    private enum Overlay {
        case form(FormDialog)
        case preview(AlertPreviewPanel)
        case details(TextPanel)
    }

    let session: Session
    private let loader: AlertsLoader
    private let display: FieldValueDisplay
    private let rules: Remote<[AlertRule]>
    var list = FilteredList<AlertRule>(columns: AlertRows.columns, emptyMessage: "No alert rules: n creates one", name: \.name)
    var question: SchemaQuestion?
    private var overlay: Overlay?
    /// What the new rule's form held when it was last submitted, to open it again from the preview.
    private var draft: [String: String] = [:]
    /// The rule to select once the rules are fetched again (one just created).
    private var pendingSelection: String?

    init(session: Session, loader: AlertsLoader, display: FieldValueDisplay) {
        self.session = session
        self.loader = loader
        self.display = display
        rules = Remote { try await loader.rules() }
    }

    var title: String { list.title("Alert rules", isLoaded: rules.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Show the selected rule in full, with when it fired and recovered", group: "Alerts"),
        KeyBinding(
            .createAlertRule, keys: [.character("n")], label: "New", help: "Create a rule: what it watches, when it fires, then a preview of the last 7 days",
            group: "Alerts", isMutation: true),
        KeyBinding(.previewAlertRule, keys: [.character("p")], label: "Preview", help: "Chart when the selected rule would have fired over the last 7 days", group: "Alerts"),
        KeyBinding(.deleteAlertRule, keys: [.character("d")], label: "Delete", help: "Delete the selected rule (asks first); its firings stay recorded", group: "Alerts", isMutation: true),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var capturesKeys: Bool { overlay != nil || question != nil }
    var isLoading: Bool { rules.isLoading }
    var hasFailedToLoad: Bool { rules.hasFailed }
    var changesProduction: Bool { false }
    var currentDestination: Destination? { .alerts }

    func load(_ host: any ScreenHost) {
        rules.load(in: host.work) { [weak self] loaded in
            guard let self else { return }
            list.show(loaded, rows: { [display] in AlertRows.rows($0, display: display) })
            if let id = pendingSelection {
                list.select { $0.id == id }
                pendingSelection = nil
            }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        rules.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let rule = list.selected else { return }
            showDetails(of: rule, host: host)
        case .createAlertRule:
            overlay = .form(AlertRuleForm.dialog(draft))
        case .previewAlertRule:
            guard let rule = list.selected else { return }
            preview(rule, isNew: false, host: host)
        case .deleteAlertRule:
            confirmDeletion(host: host)
        default:
            break
        }
    }

    /// Fetches when `rule` would have fired and shows it; a new rule's form opens again when that fails.
    private func preview(_ rule: AlertRule, isNew: Bool, host: any ScreenHost) {
        let loader = loader
        host.report(StatusMessage("Evaluating \(rule.name) over the last 7 days…", kind: .info))
        host.work.start({ try await loader.preview(rule) }) { [weak self, weak host] result in
            guard let self, let host else { return }
            switch result {
            case .success(let preview):
                overlay = .preview(AlertPreviewPanel(rule: rule, preview: preview, display: display, isNew: isNew))
                host.report(StatusMessage(isNew ? "Enter creates \(rule.name); Esc goes back to its form" : "Preview of \(rule.name)", kind: .info))
            case .failure(let error):
                host.report(StatusMessage("Preview failed: \(ErrorMessage.text(for: error))", kind: .error))
                if isNew { overlay = .form(AlertRuleForm.dialog(draft)) }
            }
        }
    }

    private func create(_ rule: AlertRule, host: any ScreenHost) {
        let loader = loader
        host.change("Creating alert rule \(rule.name)", { try await loader.create(rule) }) { [weak self, weak host] created in
            guard let self, let host else { return }
            draft = [:]
            pendingSelection = created.id
            host.report(StatusMessage("Created alert rule \(created.name): \(created.summary)", kind: .success))
            load(host)
        }
    }

    /// Shows the rule in full with its firings and recoveries, once they are fetched.
    private func showDetails(of rule: AlertRule, host: any ScreenHost) {
        let loader = loader
        host.work.start({ try await loader.events(of: rule.id) }) { [weak self, weak host] result in
            guard let self else { return }
            switch result {
            case .success(let events):
                overlay = .details(TextPanel(title: rule.name, lines: AlertRuleLines.lines(of: rule, events: events, display: display)))
            case .failure(let error):
                host?.report(StatusMessage("Could not read the rule's events: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    /// Asks before deleting the selected rule, saying what it watched.
    private func confirmDeletion(host: any ScreenHost) {
        guard let rule = list.selected else { return }
        let confirmation = Confirmation(
            title: "Delete alert rule \(rule.name)?",
            message: "Deletes the rule that watches \(rule.summary): it fires no more"
                + (rule.webhookURL.map { " and posts nothing more to \($0)" } ?? "") + ". Its recorded firings and recoveries stay.")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let loader = loader
            host.change("Deleting alert rule \(rule.name)", { try await loader.delete(rule.id) }) { [weak self, weak host] _ in
                guard let self, let host else { return }
                host.report(StatusMessage("Deleted alert rule \(rule.name)", kind: .success))
                load(host)
            }
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        switch overlay {
        case .form(var dialog)?:
            switch dialog.handle(key) {
            case .consumed: overlay = .form(dialog)
            case .cancelled: overlay = nil
            case .submitted(let values):
                overlay = nil
                draft = values
                preview(AlertRuleForm.rule(from: values, container: session.container), isNew: true, host: host)
            }
        case .preview(let panel)?:
            switch panel.handle(key) {
            case .consumed: break
            case .accepted:
                overlay = nil
                create(panel.rule, host: host)
            case .closed:
                overlay = panel.isNew ? .form(AlertRuleForm.dialog(draft)) : nil
            }
        case .details(var panel)?:
            overlay = panel.handle(key) == .closed ? nil : .details(panel)
        case nil:
            return handleListKey(key, host: host) { perform(.open, host: host) }
        }
        return true
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard rules.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Reading the alert rules…") != nil else { return }
        let (table, note) = rect.splitBottom(1)
        list.table.draw(in: table, on: &canvas, theme: theme, focused: overlay == nil)
        canvas.write(
            "Rules are evaluated each minute; firings and recoveries reach :notifications and the rule's webhook.",
            in: note, style: theme.style(.muted))
        switch overlay {
        case .form(var dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
            overlay = .form(dialog)
        case .preview(let panel)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
        case .details(var panel)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
            overlay = .details(panel)
        case nil:
            break
        }
        question?.draw(in: rect, on: &canvas, theme: theme)
    }
}
