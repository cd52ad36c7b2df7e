import CKModel
import TerminalKit

/// The request log of the session's container, live: the newest entries first, then each new one at the top as
/// the server logs it (a long poll while the screen is on top). `s` pauses and resumes following, as k9s does;
/// `/` narrows the entries listed by any text; Enter shows an entry in full; `c` clears the list. At most
/// `capacity` entries are kept, the oldest dropped and counted, so a burst of requests never slows the dashboard.
///
/// The screen changes nothing, so neither the production lock nor a read-only session takes anything from it.
final class LogsScreen: LiveFeedScreen {
    let session: Session
    let feed: LiveFeed<LogsLoader.Start, ManagementLogs.Response, RequestLogEntry>
    private let display: FieldValueDisplay
    private var entry: TextPanel?

    /// The most entries the list keeps.
    static let capacity = 5_000

    init(session: Session, loader: LogsLoader, display: FieldValueDisplay) {
        self.session = session
        self.display = display
        let container = session.container
        feed = LiveFeed(
            columns: LogRows.columns, emptyMessage: "No requests logged yet: the data API's requests appear here as they come",
            name: LogRows.filterText, interval: .zero, start: { try await loader.start(container: container) },
            fetch: { try await loader.follow(container: container, after: $0.after) },
            advance: { answer in (LogsLoader.Start(newest: [], after: answer.lastSequence ?? 0), answer.entries.reversed()) },
            rows: { LogRows.rows($0, display: display) }, initial: \.newest, capacity: Self.capacity)
    }

    var title: String { feed.title("Request log") }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Entry", help: "Show the selected request in full", group: "Request log"),
        KeyBinding(.toggleFollow, keys: [.character("s")], label: "Pause", help: "Pause following new requests, or follow them again", group: "Request log"),
        KeyBinding(.clearList, keys: [.character("c")], label: "Clear", help: "Clear the requests listed so far; new ones keep coming", group: "Request log"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var capturesKeys: Bool { entry != nil }
    var changesProduction: Bool { false }

    func open(_ item: RequestLogEntry, host: any ScreenHost) {
        entry = TextPanel(title: "Request \(item.sequence)", lines: LogEntryLines.lines(of: item, display: display))
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard var panel = entry else { return feed.list.table.handleOpening(key) { perform(.open, host: host) } }
        entry = panel.handle(key) == .closed ? nil : panel
        return true
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        feed.draw(
            in: rect, on: &canvas, theme: theme, loading: "Reading the request log…",
            live: "Live: requests to \(session.container?.rawValue ?? "every container"), newest first.")
        if var panel = entry {
            panel.draw(in: rect, on: &canvas, theme: theme)
            entry = panel
        }
    }
}
