import CKModel
import Foundation
import TerminalKit

/// The notifications of the subscriptions of the user acted as, as they arrive: the dashboard registers a push
/// token for the user and long-polls its courier while the screen is on top, listing each notification newest
/// first. Without a user to act as it says why it cannot listen. Enter opens a query notification's record.
final class NotificationsScreen: LiveFeedScreen {
    let session: Session
    let feed: LiveFeed<String, SubscriptionNotification?, ReceivedNotification>

    init(session: Session, loader: NotificationsLoader, display: FieldValueDisplay) {
        self.session = session
        feed = LiveFeed(
            columns: NotificationRows.columns, emptyMessage: "No notifications yet: they appear here as subscriptions fire",
            name: \.filterText, interval: .zero, start: { try await loader.registerPushToken() },
            fetch: { try await loader.nextNotification(from: $0) },
            advance: { notification in (nil, notification.map { [ReceivedNotification(notification: $0, arrived: Date())] } ?? []) },
            rows: { NotificationRows.rows($0, display: display) })
    }

    var title: String { feed.title("Notifications" + (session.user.map { " for \($0.name)" } ?? "")) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Open the record a query notification is about", group: "Notifications"),
        KeyBinding(.clearList, keys: [.character("c")], label: "Clear", help: "Clear the notifications listed so far; new ones keep coming", group: "Notifications"),
    ])

    var bindings: KeyBindingTable { Self.keys }

    func open(_ received: ReceivedNotification, host: any ScreenHost) {
        let notification = received.notification
        guard let recordName = notification.recordName, notification.queryNotificationReason != .recordDeleted else {
            host.report(StatusMessage("This notification names no record there is to open", kind: .warning))
            return
        }
        var next = session
        next.database = notification.databaseScope ?? session.database
        next.zone = notification.zoneID.flatMap { $0.isDefaultZone ? nil : ZoneID(zoneName: $0.zoneName) }
        next.recordType = nil
        host.open(.record(recordName: recordName), session: next)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let owner = session.user.map { "\($0.name)'s" } ?? "the"
        feed.draw(
            in: rect, on: &canvas, theme: theme, loading: "Registering a push token…",
            live: "Live: notifications of \(owner) subscriptions in \(session.environment.rawValue), newest first.")
    }
}
