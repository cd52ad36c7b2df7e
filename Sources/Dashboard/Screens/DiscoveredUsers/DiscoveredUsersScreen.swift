import CKModel
import TerminalKit

/// The users screen with data API credentials only: the signed-in user, then the users they can discover, with
/// name, email address and record name. Roles and discoverability are the management API's (CloudKit Console on
/// Apple's CloudKit).
final class DiscoveredUsersScreen: FilteredListScreen {
    let session: Session
    private let users: Remote<[DiscoveredUser]>
    var list = FilteredList<DiscoveredUser>(
        columns: [
            TableColumn("USER", width: .flexible(minimum: 12)), TableColumn("EMAIL", width: .flexible(minimum: 14)),
            TableColumn("RECORD NAME", width: .flexible(minimum: 12)),
        ],
        emptyMessage: "Nobody to discover", name: { "\($0.name ?? "") \($0.identity.lookupInfo?.emailAddress ?? "") \($0.identity.userRecordName ?? "")" })
    var question: SchemaQuestion?

    init(session: Session, loader: DiscoveredUsersLoader) {
        self.session = session
        users = Remote { try await loader.identities() }
    }

    var title: String { list.title("Users you can discover", isLoaded: users.value != nil) }
    static let keys = KeyBindingTable([])
    var bindings: KeyBindingTable { Self.keys }
    var isLoading: Bool { users.isLoading }
    var hasFailedToLoad: Bool { users.hasFailed }
    var currentDestination: Destination? { .users }

    func load(_ host: any ScreenHost) {
        users.load(in: host.work) { [weak self] loaded in
            self?.list.show(loaded) { users in
                TableRows(users.map { user in
                    [
                        TableCell((user.name ?? "not discoverable") + (user.isCaller ? " (you)" : ""), role: user.name == nil ? .muted : nil),
                        TableCell(user.identity.lookupInfo?.emailAddress ?? "—", role: .muted), TableCell(user.identity.userRecordName ?? "—", role: .muted),
                    ]
                })
            }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        users.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {}

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) {}
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard users.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Asking whom you can discover…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }
}
