import CKModel
import TerminalKit

/// The subscriptions of the session's database: ID, type, what each watches, the changes it fires on and its
/// predicate. `n` creates a zone subscription, `d` deletes one, `w` watches the notifications arrive; opened from
/// the query builder it first asks what a query subscription on the built query fires on.
final class SubscriptionsScreen: FilteredListScreen {
    let session: Session
    let loader: SubscriptionsLoader
    let subscriptions: Remote<[Subscription]>
    var list = FilteredList<Subscription>(columns: SubscriptionRows.columns, emptyMessage: "No subscriptions", name: { $0.subscriptionID ?? "" })
    var question: SchemaQuestion?
    /// The query a query subscription is to be made for, asked about once the subscriptions are listed.
    var subscribing: Query?
    /// The subscription to select once the subscriptions are fetched again (one just created).
    var pendingSelection: String?

    init(session: Session, subscribing: Query?, loader: SubscriptionsLoader) {
        self.session = session
        self.subscribing = subscribing
        self.loader = loader
        subscriptions = Remote { try await loader.subscriptions() }
    }

    var title: String { list.title("Subscriptions of \(session.database.rawValue)", isLoaded: subscriptions.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(
            .open, keys: [.enter], label: "Open", help: "Browse the records a query subscription watches, or watch a zone subscription's zone change",
            group: "Subscriptions"),
        KeyBinding(.showNotifications, keys: [.character("w")], label: "Watch", help: "Watch the notifications of the user's subscriptions arrive", group: "Subscriptions"),
        KeyBinding(
            .createZoneSubscription, keys: [.character("n")], label: "New", help: "Create a zone subscription: zone, notification options, ID",
            group: "Subscriptions", isMutation: true),
        KeyBinding(.deleteSubscription, keys: [.character("d")], label: "Delete", help: "Delete the selected subscription (asks first)", group: "Subscriptions", isMutation: true),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var isLoading: Bool { subscriptions.isLoading }
    var hasFailedToLoad: Bool { subscriptions.hasFailed }
    var currentDestination: Destination? { .subscriptions() }

    func load(_ host: any ScreenHost) {
        subscriptions.load(in: host.work) { [weak self, weak host] loaded in
            guard let self, let host else { return }
            list.show(loaded, rows: SubscriptionRows.rows)
            if let id = pendingSelection {
                list.select { $0.subscriptionID == id }
                pendingSelection = nil
            }
            if let query = subscribing {
                subscribing = nil
                askFiresOn(query, host: host)
            }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        subscriptions.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let subscription = list.selected else { return }
            open(subscription, host: host)
        case .showNotifications:
            host.open(.notifications, session: session)
        case .createZoneSubscription:
            askZone(host: host)
        case .deleteSubscription:
            confirmDeletion(host: host)
        default:
            break
        }
    }

    private func open(_ subscription: Subscription, host: any ScreenHost) {
        var next = session
        next.zone = subscription.zoneID.flatMap { $0.isDefaultZone ? nil : ZoneID(zoneName: $0.zoneName) }
        if let query = subscription.query {
            next.recordType = query.recordType
            host.open(.records(recordType: query.recordType, query: Query(recordType: query.recordType, filterBy: query.filterBy)), session: next)
        } else if let zone = subscription.zoneID {
            host.open(.zoneChanges(zone: zone), session: next)
        } else {
            host.report(StatusMessage("This subscription watches every zone: open one on :zones", kind: .warning))
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard subscriptions.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading subscriptions…") != nil else { return }
        let noteHeight = session.user == nil ? 1 : 0
        let (table, note) = rect.splitBottom(noteHeight)
        list.table.draw(in: table, on: &canvas, theme: theme, focused: question == nil)
        if noteHeight > 0 {
            canvas.write(
                "These are the developer's subscriptions: their notifications reach no device. :user NAME shows a user's.", in: note,
                style: theme.style(.muted))
        }
        question?.draw(in: rect, on: &canvas, theme: theme)
    }
}
