import CKModel
import Foundation
import TerminalKit

/// The containers the token reaches with their record counts, and the choice of environment and database
/// (a user's private and shared ones) to browse them in; Enter opens a container's record types.
final class ContainersScreen: Screen {
    private(set) var session: Session
    private let loader: ContainersLoader
    private let display: FieldValueDisplay
    private let containers: Remote<[ManagementContainers.Container]>
    private var list = FilteredList<ManagementContainers.Container>(
        columns: ContainerRows.columns, emptyMessage: "No containers: create one with ckserver containers create", name: \.containerID.rawValue)
    private var databasePicker: Picker<(DatabaseScope, ActingUser?)>?

    init(session: Session, loader: ContainersLoader, display: FieldValueDisplay) {
        self.session = session
        self.loader = loader
        self.display = display
        containers = Remote { try await loader.containers() }
    }

    var title: String { list.title("Containers", isLoaded: containers.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Open the container's record types", group: "Containers"),
        KeyBinding(.switchEnvironment, keys: [.character("e")], label: "Env", help: "Switch between development and production", group: "Containers"),
        KeyBinding(.chooseDatabase, keys: [.character("d")], label: "Database", help: "Choose the public database, or a user's private or shared one", group: "Containers"),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var capturesKeys: Bool { databasePicker != nil }
    var isLoading: Bool { containers.isLoading }

    func load(_ host: any ScreenHost) {
        containers.load(in: host.work) { [weak self, weak host] loaded in
            guard let self else { return }
            host?.learn(loaded.map(\.containerID.rawValue), for: .container)
            let display = display
            list.show(loaded) { ContainerRows.rows($0, display: display) }
            if let current = session.container, let index = list.visible.firstIndex(where: { $0.containerID == current }) {
                list.table.select(row: index)
            }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        containers.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let container = selectedContainer else { return }
            var next = session
            next.container = container
            host.open(.recordTypes, session: next)
        case .switchEnvironment:
            session.environment = session.environment == .development ? .production : .development
            host.report(StatusMessage("Environment: \(session.environment.rawValue)"))
        case .chooseDatabase:
            guard let container = selectedContainer ?? session.container else { return }
            openDatabasePicker(for: container, host: host)
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        if var picker = databasePicker {
            switch picker.handle(key) {
            case .consumed: databasePicker = picker
            case .cancelled: databasePicker = nil
            case .chose(let (database, user)):
                databasePicker = nil
                session.database = database
                session.user = user
                host.report(StatusMessage("Database: \(database.rawValue)" + (user.map { " of \($0.name)" } ?? "")))
            }
            return true
        }
        return list.table.handleOpening(key) { perform(.open, host: host) }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        list.applyFilter(text)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let (line, rest) = rect.splitTop(2)
        canvas.fill(line, style: theme.style(.text))
        var column = line.x + 1
        column += canvas.write("Environment ", column: column, row: line.y, style: theme.style(.muted))
        let environmentRole: ThemeRole = session.environment == .production ? .environmentProduction : .environmentDevelopment
        column += canvas.write(session.environment.rawValue, column: column, row: line.y, style: theme.style(environmentRole))
        column += canvas.write("   Database ", column: column, row: line.y, style: theme.style(.muted))
        let database = session.database.rawValue + (session.user.map { " (\($0.name))" } ?? "")
        canvas.write(database, column: column, row: line.y, style: theme.style(.text))
        guard containers.valueOrDrawState(in: rest, on: &canvas, theme: theme, loading: "Loading containers…") != nil else { return }
        list.table.draw(in: rest, on: &canvas, theme: theme, focused: databasePicker == nil)
        databasePicker?.draw(in: rect, on: &canvas, theme: theme)
    }

    private var selectedContainer: ContainerID? {
        list.selected?.containerID
    }

    /// Lists public, then private and shared for each user of `container`, fetched first.
    private func openDatabasePicker(for container: ContainerID, host: any ScreenHost) {
        let loader = loader
        host.report(StatusMessage("Loading the users of \(container.rawValue)…"))
        host.work.start({ try await loader.users(of: container) }) { [weak self, weak host] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                host?.report(StatusMessage(ErrorMessage.text(for: error), kind: .error))
            case .success(let users):
                host?.report(StatusMessage("Choose a database"))
                host?.learn(users.map(\.name), for: .user)
                var choices: [(DatabaseScope, ActingUser?)] = [(.public, nil)]
                var items = [ListItem("public", detail: "everyone's")]
                for database in [DatabaseScope.private, .shared] {
                    for user in users {
                        choices.append((database, ActingUser(userRecordName: user.userRecordName, name: user.name)))
                        items.append(ListItem("\(database.rawValue) of \(user.name)", detail: user.emailAddress))
                    }
                }
                let current = choices.firstIndex { $0.0 == session.database && $0.1 == session.user } ?? 0
                databasePicker = Picker(title: "Database", choices: choices, items: items, selected: current)
            }
        }
    }
}
