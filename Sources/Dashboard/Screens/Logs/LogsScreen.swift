import CKModel
import Foundation
import TerminalKit

/// The request log of the session's container, live: the newest entries first, then each new one at the top as
/// the server logs it (a long poll while the screen is on top). `s` pauses and resumes following, as k9s does;
/// `1`–`6` start from the last minute up to the last day (`0` the whole log); `f` filters on the server; `/`
/// narrows the entries listed by any text; Enter shows an entry in full; `c` clears the list. At most `capacity`
/// entries are kept, the oldest dropped and counted, so a burst of requests never slows the dashboard.
///
/// The screen changes nothing, so neither the production lock nor a read-only session takes anything from it.
final class LogsScreen: LiveFeedScreen {
    let session: Session
    private(set) var feed: LiveFeed<LogsLoader.Start, ManagementLogs.Response, RequestLogEntry>
    private let loader: LogsLoader
    private let display: FieldValueDisplay
    private var criteria: LogsCriteria
    private var overlay: Overlay?

    /// What is open over the table.
    private enum Overlay {
        case entry(TextPanel)
        case filters(FormDialog)
        case export(Prompt)
    }

    /// The most entries the list keeps.
    static let capacity = 5_000

    /// The log with `criteria` in force; a fixed period (a telemetry point's) is shown paused, since nothing new
    /// comes in a period past.
    init(session: Session, criteria: LogsCriteria = LogsCriteria(), loader: LogsLoader, display: FieldValueDisplay) {
        self.session = session
        self.criteria = criteria
        self.loader = loader
        self.display = display
        feed = Self.feed(loader: loader, criteria: criteria, container: session.container, display: display)
    }

    /// A feed of the entries `criteria` keep: their newest page, then what comes after (paused for a fixed period).
    private static func feed(
        loader: LogsLoader, criteria: LogsCriteria, container: ContainerID?, display: FieldValueDisplay
    ) -> LiveFeed<LogsLoader.Start, ManagementLogs.Response, RequestLogEntry> {
        let filter = criteria.filter(container: container)
        return LiveFeed(
            columns: LogRows.columns, emptyMessage: "No requests logged yet: the data API's requests appear here as they come",
            name: LogRows.filterText, interval: .zero, start: { try await loader.start(filter) },
            fetch: { try await loader.follow(filter, after: $0.after) },
            advance: { answer in (LogsLoader.Start(newest: [], after: answer.lastSequence ?? 0), answer.entries.reversed()) },
            rows: { LogRows.rows($0, display: display) }, initial: \.newest, capacity: capacity, isPaused: criteria.period != nil)
    }

    var title: String {
        feed.title("Request log" + (criteria.summary.isEmpty ? "" : " (\(criteria.summary))"))
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Entry", help: "Show the selected request in full", group: "Request log"),
        KeyBinding(.toggleFollow, keys: [.character("s")], label: "Pause", help: "Pause following new requests, or follow them again", group: "Request log"),
        KeyBinding(
            .filterLogs, keys: [.character("f")], label: "Filters",
            help: "Filter on the server by operation, error, user, caller, platform, environment and database", group: "Request log"),
        KeyBinding(.clearList, keys: [.character("c")], label: "Clear", help: "Clear the requests listed so far; new ones keep coming", group: "Request log"),
        KeyBinding(
            .export, keys: [.character("x")], label: "Export",
            help: "Write the requests listed (those / keeps) to a JSON lines or CSV file (by its name)", group: "Request log"),
    ] + KeyAction.logsWindows.enumerated().map { index, action in
        KeyBinding(
            action, keys: [.character(Character(String(index)))], label: index == 0 ? "Whole log" : "Last \(LogsCriteria.windows[index - 1].name)",
            help: index == 0 ? "Show the whole log again" : "Start from the last \(LogsCriteria.windows[index - 1].name), and follow from there",
            group: "Request log", isShownInHints: false)
    })

    var bindings: KeyBindingTable { Self.keys }
    var capturesKeys: Bool { overlay != nil }
    var changesProduction: Bool { false }

    func open(_ item: RequestLogEntry, host: any ScreenHost) {
        overlay = .entry(TextPanel(title: "Request \(item.sequence)", lines: LogEntryLines.lines(of: item, display: display)))
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        if let window = KeyAction.logsWindows.firstIndex(of: action) {
            var changed = criteria
            changed.window = window == 0 ? nil : window - 1
            changed.period = nil
            return apply(changed, host: host)
        }
        switch action {
        case .filterLogs:
            overlay = .filters(criteria.dialog())
        case .export:
            overlay = .export(Prompt(title: "Export", message: "Write the \(Counting.grouped(feed.list.visible.count)) requests listed to (a .csv name writes CSV, any other JSON lines):", text: "requests.jsonl"))
        default:
            performFeedAction(action, host: host)
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        switch overlay {
        case .entry(var panel)?:
            overlay = panel.handle(key) == .closed ? nil : .entry(panel)
        case .filters(var dialog)?:
            switch dialog.handle(key) {
            case .consumed: overlay = .filters(dialog)
            case .cancelled: overlay = nil
            case .submitted(let values):
                overlay = nil
                var changed = LogsCriteria(values: values, window: criteria.window)
                changed.period = criteria.period
                apply(changed, host: host)
            }
        case .export(var prompt)?:
            switch prompt.handle(key) {
            case .consumed: overlay = .export(prompt)
            case .cancelled: overlay = nil
            case .answered(let path):
                overlay = nil
                export(to: path, host: host)
            }
        case nil:
            return feed.list.table.handleOpening(key) { perform(.open, host: host) }
        }
        return true
    }

    /// Writes the requests listed to the file at `path`, saying how it went.
    private func export(to path: String, host: any ScreenHost) {
        let file = LocalFile.url(for: path)
        let entries = feed.list.visible
        host.work.start({ try LogsExport.write(entries, to: file) }) { [weak host] result in
            switch result {
            case .success(let csv):
                let what = csv ? "CSV" : "JSON lines"
                host?.report(StatusMessage("Exported \(Counting.grouped(entries.count)) requests to \(file.path) as \(what)", kind: .success))
            case .failure(let error): host?.report(StatusMessage("Export failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    /// Reads the log again, from its newest page, with `criteria` in force.
    private func apply(_ criteria: LogsCriteria, host: any ScreenHost) {
        feed.cancel(in: host.work)
        self.criteria = criteria
        let filterText = feed.list.filter
        feed = Self.feed(loader: loader, criteria: criteria, container: session.container, display: display)
        feed.list.applyFilter(filterText)
        feed.load(in: host.work)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        feed.draw(
            in: rect, on: &canvas, theme: theme, loading: "Reading the request log…",
            live: "Live: requests to \(session.container?.rawValue ?? "every container"), newest first.")
        switch overlay {
        case .entry(var panel)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
            overlay = .entry(panel)
        case .filters(var dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
            overlay = .filters(dialog)
        case .export(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .export(prompt)
        case nil:
            break
        }
    }
}
