import CKModel
import Foundation
import TerminalKit

/// The request log of the session's container, live: the newest entries first, then each new one at the top as
/// the server logs it (a long poll while the screen is on top). `s` pauses and resumes following, as k9s does;
/// `1`–`6` start from the last minute up to the last day (`0` the whole log); `f` filters on the server; `/`
/// narrows the entries listed by any text; Enter shows an entry in full; `c` clears the list; `C` chooses the
/// columns. From an entry, `R` opens a record it saved, deleted or looked up, `Z` watches its zone and `U` acts as
/// the user who made it, each where the request looked. At most `capacity` entries are kept, the oldest dropped and
/// counted, so a burst of requests never slows the dashboard.
///
/// The screen changes nothing, so neither the production lock nor a read-only session takes anything from it.
final class LogsScreen: LiveFeedScreen {
    let session: Session
    private(set) var feed: LiveFeed<LogsLoader.Start, LogsLoader.Followed, RequestLogEntry>
    private let loader: LogsLoader
    private let display: FieldValueDisplay
    private var criteria: LogsCriteria
    /// The columns shown, in order.
    private var columns = LogColumn.standard
    var overlay: Overlay?

    /// What is open over the table.
    enum Overlay {
        case entry(TextPanel, RequestLogEntry)
        case filters(FormDialog)
        case export(Prompt)
        case columns(Checklist<LogColumn>)
        case records(Picker<String>, RequestLogEntry)
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
        feed = Self.feed(loader: loader, criteria: criteria, container: session.container, columns: columns, display: display)
    }

    /// A feed of the entries `criteria` keep: their newest page, then what comes after (paused for a fixed period).
    private static func feed(
        loader: LogsLoader, criteria: LogsCriteria, container: ContainerID?, columns: [LogColumn], display: FieldValueDisplay
    ) -> LiveFeed<LogsLoader.Start, LogsLoader.Followed, RequestLogEntry> {
        let filter = criteria.filter(container: container)
        return LiveFeed(
            columns: columns.map(\.column), emptyMessage: "No requests logged yet: the data API's requests appear here as they come",
            name: LogRows.filterText, interval: .zero, start: { try await loader.start(filter) },
            fetch: { try await loader.follow(filter, after: $0.after) },
            advance: { followed in (LogsLoader.Start(newest: [], after: followed.after), followed.entries.reversed()) },
            rows: { LogRows.rows($0, columns: columns, display: display) }, initial: \.newest, capacity: capacity, isPaused: criteria.period != nil,
            skips: \.skipped)
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
        KeyBinding(.chooseColumns, keys: [.character("C")], label: "Columns", help: "Choose, hide and order the columns", group: "Request log"),
        KeyBinding(
            .openLoggedRecord, keys: [.character("R")], label: "Record",
            help: "Open a record the selected request saved, deleted or looked up, as its user saw it", group: "Request log"),
        KeyBinding(
            .openLoggedZone, keys: [.character("Z")], label: "Zone", help: "Watch the selected request's zone change, live, in its database",
            group: "Request log", isShownInHints: false),
        KeyBinding(
            .actAsLoggedUser, keys: [.character("U")], label: "User", help: "Act as the user who made the selected request", group: "Request log",
            isShownInHints: false),
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
        let lines = LogEntryLines.lines(of: item, display: display) + ["", "R record   Z zone   U its user"]
        overlay = .entry(TextPanel(title: "Request \(item.sequence)", lines: lines), item)
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
        case .chooseColumns:
            overlay = .columns(Checklist(title: "Columns", available: LogColumn.allCases, ticked: columns, name: \.column.title))
        case .openLoggedRecord, .openLoggedZone, .actAsLoggedUser:
            guard let entry = feed.list.selected else { return }
            openLogged(action, of: entry, host: host)
        case .export:
            overlay = .export(Prompt(title: "Export", message: "Write the \(Counting.grouped(feed.list.visible.count)) requests listed to (a .csv name writes CSV, any other JSON lines):", text: "requests.jsonl"))
        default:
            performFeedAction(action, host: host)
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        switch overlay {
        case .entry(var panel, let entry)?:
            if let action = Self.keys.action(for: key), [.openLoggedRecord, .openLoggedZone, .actAsLoggedUser].contains(action) {
                overlay = nil
                openLogged(action, of: entry, host: host)
            } else {
                overlay = panel.handle(key) == .closed ? nil : .entry(panel, entry)
            }
        case .columns(var checklist)?:
            switch checklist.handle(key) {
            case .consumed: overlay = .columns(checklist)
            case .cancelled: overlay = nil
            case .applied(let chosen):
                overlay = nil
                if chosen.isEmpty {
                    host.report(StatusMessage("Tick at least one column", kind: .warning))
                } else {
                    columns = chosen
                    let display = display
                    feed.show(columns: chosen.map(\.column), rows: { LogRows.rows($0, columns: chosen, display: display) })
                }
            }
        case .records(var picker, let entry)?:
            switch picker.handle(key) {
            case .consumed: overlay = .records(picker, entry)
            case .cancelled: overlay = nil
            case .chose(let name):
                overlay = nil
                host.open(.record(recordName: name), session: LoggedRequestSession.session(of: entry, from: session))
            }
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

    /// Reads the log again, from its newest page, with `criteria` in force.
    private func apply(_ criteria: LogsCriteria, host: any ScreenHost) {
        feed.cancel(in: host.work)
        self.criteria = criteria
        let filterText = feed.list.filter
        feed = Self.feed(loader: loader, criteria: criteria, container: session.container, columns: columns, display: display)
        feed.list.applyFilter(filterText)
        feed.load(in: host.work)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        feed.draw(
            in: rect, on: &canvas, theme: theme, loading: "Reading the request log…",
            live: "Live: requests to \(session.container?.rawValue ?? "every container"), newest first.")
        switch overlay {
        case .entry(var panel, let entry)?:
            panel.draw(in: rect, on: &canvas, theme: theme)
            overlay = .entry(panel, entry)
        case .columns(var checklist)?:
            checklist.draw(in: rect, on: &canvas, theme: theme)
            overlay = .columns(checklist)
        case .records(var picker, let entry)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .records(picker, entry)
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
