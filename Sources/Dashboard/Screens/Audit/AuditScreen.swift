import CKModel
import TerminalKit

/// The audit log: every change made through the management API, newest first, fetched a page at a time as the
/// user scrolls so thousands of entries cost only what is looked at. `f` narrows it on the server by time, token,
/// kind of change and container; `/` narrows the entries fetched by any text; Enter shows an entry in full.
///
/// The screen changes nothing, so neither the production lock nor a read-only session takes anything from it.
final class AuditScreen: Screen {
    /// What is open over the table.
    private enum Overlay {
        case filters(FormDialog)
        case entry(TextPanel)
    }

    let session: Session
    private let loader: AuditLoader
    private let display: FieldValueDisplay
    private var criteria = AuditCriteria()
    /// The server's filter of the load under way, computed once so that a time ago does not move between pages.
    private var filter = ManagementAudit.Filter()
    private var source: AuditRowsSource
    private var table: Table
    private var fetch: BackgroundWork.Job?
    private var fetchError: String?
    private var overlay: Overlay?

    init(session: Session, loader: AuditLoader, display: FieldValueDisplay) {
        self.session = session
        self.loader = loader
        self.display = display
        source = AuditRowsSource(display: display)
        table = Table(columns: AuditRowsSource.columns, source: source)
    }

    var title: String {
        let count = source.isComplete ? " [\(Counting.grouped(source.visible.count))]" : source.visible.isEmpty ? "" : " [\(Counting.grouped(source.visible.count))+]"
        return "Audit log" + count + (criteria.summary.isEmpty ? "" : " " + criteria.summary) + (source.text.isEmpty ? "" : " /\(source.text)")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Entry", help: "Show the selected entry in full, every line of its change", group: "Audit log"),
        KeyBinding(
            .filterAudit, keys: [.character("f")], label: "Filters", help: "Filter by time (since, until), token, kind of change and container",
            group: "Audit log"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var statusItems: [String] {
        table.selectedRow.map { ["\($0 + 1)/\(Counting.grouped(source.visible.count))\(source.isComplete ? "" : "+")"] } ?? []
    }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { source.text }
    var capturesKeys: Bool { overlay != nil }
    var isLoading: Bool { fetch != nil }
    var changesProduction: Bool { false }

    /// Fetches the log again from its newest entry, with the criteria in force.
    func load(_ host: any ScreenHost) {
        cancelFetch(host)
        let text = source.text
        source = AuditRowsSource(display: display)
        source.narrow(to: text)
        table = Table(columns: AuditRowsSource.columns, source: source)
        filter = criteria.filter(container: session.container)
        fetchError = nil
        fetchPage(host)
    }

    func cancelLoading(_ host: any ScreenHost) {
        guard fetch != nil else { return }
        cancelFetch(host)
        fetchError = "Cancelled: the log stops here."
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let row = table.selectedRow else { return }
            let entry = source.visible[row]
            overlay = .entry(TextPanel(title: "Audit entry \(entry.sequence)", lines: AuditEntryLines.lines(of: entry, display: display)))
        case .filterAudit:
            overlay = .filters(criteria.dialog(container: session.container))
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        switch overlay {
        case .filters(var dialog)?:
            switch dialog.handle(key) {
            case .consumed: overlay = .filters(dialog)
            case .cancelled: overlay = nil
            case .submitted(let values):
                overlay = nil
                criteria = AuditCriteria(values: values)
                load(host)
            }
        case .entry(var panel)?:
            overlay = panel.handle(key) == .closed ? nil : .entry(panel)
        case nil:
            return table.handleOpening(key) { perform(.open, host: host) }
        }
        return true
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        source.narrow(to: text)
        table.select(row: 0)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let body = fetchError.map { FetchErrorFooter(message: $0) }.draw(in: rect, on: &canvas, theme: theme)
        table.emptyMessage = emptyMessage
        table.draw(in: body, on: &canvas, theme: theme, focused: overlay == nil)
        switch overlay {
        case .filters(var dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
            overlay = .filters(dialog)
        case .entry(var panel)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
            overlay = .entry(panel)
        case nil:
            break
        }
    }

    /// Fetches the next page when the rows on screen come near the end of what was fetched.
    func didDraw(_ host: any ScreenHost) {
        guard fetch == nil, fetchError == nil, !source.isComplete, table.wantsMoreRows else { return }
        fetchPage(host)
    }

    /// What the table says while it has no rows.
    private var emptyMessage: String {
        if !source.isComplete { return fetchError == nil ? "Loading the audit log…" : "No entries loaded" }
        if !source.text.isEmpty { return "No entry fetched matches \(source.text)" }
        return criteria.summary.isEmpty
            ? "The audit log is empty: changes made through the management API appear here" : "No entries \(criteria.summary)"
    }

    private func fetchPage(_ host: any ScreenHost) {
        let (loader, filter, marker, source) = (loader, filter, source.nextMarker, source)
        fetch = host.work.start({ try await loader.page(filter, after: marker) }) { [weak self] result in
            guard let self, source === self.source else { return }
            fetch = nil
            switch result {
            case .success(let page): source.append(page)
            case .failure(let error): fetchError = ErrorMessage.text(for: error)
            }
        }
    }

    private func cancelFetch(_ host: any ScreenHost) {
        if let fetch { host.work.cancel(fetch) }
        fetch = nil
    }
}
