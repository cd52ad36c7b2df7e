import CKClient
import CKModel
import CKSchema
import TerminalKit

/// The users of the container with their custom roles and discoverability: assign and remove roles, make a user
/// discoverable or not, and act as a user (Enter) to browse with exactly their permissions and private database.
final class UsersScreen: Screen {
    /// What the open picker chooses.
    private enum RoleChange {
        case assign, remove
    }

    let session: Session
    private let client: CloudKitClient
    private let users: Remote<[ManagementUsers.User]>
    private var list = FilteredList<ManagementUsers.User>(columns: UserRows.columns, emptyMessage: "No users", name: \.name)
    private var picker: (change: RoleChange, user: ManagementUsers.User, picker: Picker<String>)?

    init(session: Session, client: CloudKitClient) {
        self.session = session
        self.client = client
        users = Remote { try await client.users() }
    }

    var title: String { list.title("Users", isLoaded: users.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.actAsUser, keys: [.enter], label: "Act as", help: "Browse as the selected user: their permissions and private database", group: "Users"),
        KeyBinding(.assignRole, keys: [.character("a")], label: "Add role", help: "Give the selected user a custom role", group: "Users", isMutation: true),
        KeyBinding(.removeRole, keys: [.character("x")], label: "Remove role", help: "Take a custom role from the selected user", group: "Users", isMutation: true),
        KeyBinding(
            .toggleDiscoverable, keys: [.character("v")], label: "Discoverable", help: "Let others discover the selected user, or stop them", group: "Users",
            isMutation: true),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var capturesKeys: Bool { picker != nil }
    var isLoading: Bool { users.isLoading }
    var hasFailedToLoad: Bool { users.hasFailed }

    func load(_ host: any ScreenHost) {
        users.load(in: host.work) { [weak self, weak host] loaded in
            host?.learn(loaded.map(\.name), for: .user)
            self?.list.show(loaded, rows: UserRows.rows)
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        users.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        guard let user = list.selected else { return }
        switch action {
        case .actAsUser:
            host.actAs(ActingUser(userRecordName: user.userRecordName, name: user.name))
        case .assignRole:
            let client = client
            let environment = session.environment
            host.work.start({ try await client.parsedSchema(of: environment).roles.map(\.name) }) { [weak self, weak host] result in
                let roles = ((try? result.get()) ?? []).filter { !user.roles.contains($0) }
                guard !roles.isEmpty else {
                    host?.report(StatusMessage("\(user.name) holds every custom role there is: create more on :permissions", kind: .warning))
                    return
                }
                self?.picker = (.assign, user, Picker(title: "Give \(user.name) the role", choices: roles, items: roles.map { ListItem($0) }))
            }
        case .removeRole:
            guard !user.roles.isEmpty else {
                host.report(StatusMessage("\(user.name) holds no custom role", kind: .warning))
                return
            }
            picker = (.remove, user, Picker(title: "Take from \(user.name) the role", choices: user.roles, items: user.roles.map { ListItem($0) }))
        case .toggleDiscoverable:
            let client = client
            let discoverable = !user.discoverable
            host.change("Making \(user.name) \(discoverable ? "discoverable" : "not discoverable")", {
                try await client.setDiscoverable(discoverable, userRecordName: user.userRecordName)
            }) { [weak self, weak host] _ in
                host?.report(StatusMessage("\(user.name) is \(discoverable ? "now" : "no longer") discoverable", kind: .success))
                if let host { self?.load(host) }
            }
        default:
            break
        }
    }

    private func changeRole(_ role: String, of user: ManagementUsers.User, assigned: Bool, host: any ScreenHost) {
        let client = client
        let (doing, done) = assigned
            ? ("Giving \(user.name) the role \(role)", "\(user.name) now holds \(role)")
            : ("Taking \(role) from \(user.name)", "\(user.name) no longer holds \(role)")
        host.change(doing, { try await client.setRole(role, assigned: assigned, userRecordName: user.userRecordName) }) { [weak self, weak host] _ in
            host?.report(StatusMessage(done, kind: .success))
            if let host { self?.load(host) }
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard var open = picker else { return list.table.handleOpening(key) { perform(.actAsUser, host: host) } }
        switch open.picker.handle(key) {
        case .consumed:
            picker = open
        case .cancelled:
            picker = nil
        case .chose(let role):
            picker = nil
            changeRole(role, of: open.user, assigned: open.change == .assign, host: host)
        }
        return true
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        list.applyFilter(text)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard users.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading users…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: picker == nil)
        if var open = picker {
            open.picker.draw(in: rect, on: &canvas, theme: theme)
            picker = open
        }
    }
}
