import CKModel
import TerminalKit

/// The developer notifications of every container the management token reaches, newest first, unread ones marked:
/// alerts fired and recovered, schema deployed, development reset, tokens and keys created or revoked. Enter marks
/// the selected one read and opens what it is about (the alerts, the deployments, the tokens and keys); `m` marks it
/// read, `M` every one. The header counts the unread ones on every screen.
///
/// Marking read changes no data, so neither the production lock nor a read-only session holds it back.
final class DeveloperNotificationsScreen: FilteredListScreen {
    let session: Session
    private let loader: DeveloperNotificationsLoader
    private let display: FieldValueDisplay
    private let notifications: Remote<ManagementAlerts.NotificationsResponse>
    var list = FilteredList<DeveloperNotification>(
        columns: DeveloperNotificationRows.columns, emptyMessage: "No notifications: alerts, deploys, resets and new or revoked tokens appear here",
        name: { "\($0.kind) \($0.title) \($0.containerID?.rawValue ?? "")" })
    var question: SchemaQuestion?

    init(session: Session, loader: DeveloperNotificationsLoader, display: FieldValueDisplay) {
        self.session = session
        self.loader = loader
        self.display = display
        notifications = Remote { try await loader.notifications() }
    }

    var title: String {
        list.title("Notifications", isLoaded: notifications.value != nil) + (notifications.value.map { " · \($0.unread) unread" } ?? "")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(
            .open, keys: [.enter], label: "Open", help: "Mark the selected notification read and open what it is about (alerts, deployments, tokens)",
            group: "Notifications"),
        KeyBinding(.markRead, keys: [.character("m")], label: "Read", help: "Mark the selected notification read", group: "Notifications"),
        KeyBinding(.markAllRead, keys: [.character("M")], label: "All read", help: "Mark every notification read", group: "Notifications"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var isLoading: Bool { notifications.isLoading }
    var hasFailedToLoad: Bool { notifications.hasFailed }
    var changesProduction: Bool { false }
    var currentDestination: Destination? { .developerNotifications }

    func load(_ host: any ScreenHost) {
        notifications.load(in: host.work) { [weak self] loaded in
            guard let self else { return }
            list.show(loaded.notifications, rows: { [display] in DeveloperNotificationRows.rows($0, display: display) })
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        notifications.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let notification = list.selected else { return }
            markRead([notification.sequence], host: host)
            if let destination = DeveloperNotificationRows.destination(of: notification) {
                var next = session
                next.container = notification.containerID
                host.open(destination, session: next)
            }
        case .markRead:
            guard let notification = list.selected, !notification.read else { return }
            markRead([notification.sequence], host: host)
        case .markAllRead:
            markRead(nil, host: host)
        default:
            break
        }
    }

    /// Marks `sequences` (every notification when `nil`) read, then lists them again and updates the header's count.
    private func markRead(_ sequences: [Int64]?, host: any ScreenHost) {
        let loader = loader
        host.work.start({ try await loader.markRead(sequences) }) { [weak self, weak host] result in
            guard let self, let host else { return }
            switch result {
            case .success:
                if sequences == nil { host.report(StatusMessage("Marked every notification read", kind: .success)) }
                load(host)
                host.refreshNotificationCount()
            case .failure(let error):
                host.report(StatusMessage("Could not mark read: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard notifications.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Reading the notifications…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }
}
