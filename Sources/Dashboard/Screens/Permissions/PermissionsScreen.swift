import CKClient
import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The security roles of the environment and a record types × roles grid of their grants: `C` `R` `W` grant or
/// revoke CREATE, READ and WRITE in development, `n` and `D` create and delete custom roles, `p` asks the server
/// what someone may do with the selected type and by which grant.
final class PermissionsScreen: Screen {
    /// A dialog of the screen over the grid.
    enum Overlay {
        case newRole(Prompt)
        case subject(Picker<PermissionSubject>)
    }

    let session: Session
    private let client: CloudKitClient
    private let schema: Remote<Schema>
    private var grid: PermissionGrid?
    private var table = Table(columns: [], source: TableRows([]), emptyMessage: "No record types")
    private var overlay: Overlay?
    private var subject: PermissionSubject?
    private var check: PermissionCheckPanel?
    /// The type the last check asked about, to ask again when the selection moves.
    private var checkedType: String?

    init(session: Session, client: CloudKitClient) {
        self.session = session
        self.client = client
        let environment = session.environment
        schema = Remote { try await client.parsedSchema(of: environment) }
    }

    var title: String {
        guard let grid else { return "Roles and permissions" }
        return "Roles and permissions [\(grid.roles.count) roles × \(grid.recordTypes.count) types] * CloudKit's default"
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.toggleRead, keys: [.character("R")], label: "READ", help: "Grant or revoke READ for the selected type and role", group: "Grants", isMutation: true),
        KeyBinding(.toggleWrite, keys: [.character("W")], label: "WRITE", help: "Grant or revoke WRITE for the selected type and role", group: "Grants", isMutation: true),
        KeyBinding(.toggleCreate, keys: [.character("C")], label: "CREATE", help: "Grant or revoke CREATE for the selected type and role", group: "Grants", isMutation: true),
        KeyBinding(.checkPermissions, keys: [.character("p")], label: "Check", help: "Ask the server what anyone, a signed-in user or a user may do with the selected type", group: "Roles"),
        KeyBinding(.createRole, keys: [.character("n")], label: "New role", help: "Create a custom security role", group: "Roles", isMutation: true),
        KeyBinding(.deleteRole, keys: [.character("D")], label: "Delete role", help: "Delete the selected custom role", group: "Roles", isMutation: true),
        KeyBinding(.nextRole, keys: [.tab], label: "Next role", help: "Select the role on the right", group: "Grid", isShownInHints: false),
        KeyBinding(.previousRole, keys: [.backTab], label: "Previous role", help: "Select the role on the left", group: "Grid", isShownInHints: false),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var statusItems: [String] { grid.map { ["role \($0.roles[$0.selectedRole])"] } ?? [] }
    var capturesKeys: Bool { overlay != nil }
    var isLoading: Bool { schema.isLoading }
    var hasFailedToLoad: Bool { schema.hasFailed }

    func refusal(of binding: KeyBinding) -> String? {
        SchemaEditor.refusal(of: binding, in: session.environment)
    }

    func load(_ host: any ScreenHost) {
        schema.load(in: host.work) { [weak self] loaded in
            guard let self else { return }
            var fresh = PermissionGrid(schema: loaded)
            fresh.selectedRole = min(grid?.selectedRole ?? 0, fresh.roles.count - 1)
            grid = fresh
            refreshTable()
            host.learn(loaded.recordTypes.map(\.name), for: .recordType)
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        schema.cancel(in: host.work)
    }

    private func refreshTable() {
        guard let grid else { return }
        let selected = table.selectedRow
        table.columns = grid.columns
        table.source = grid.rows(selectedRow: selected ?? 0)
        table.select(row: selected ?? 0)
    }

    private var selectedType: RecordType? {
        guard let grid, let row = table.selectedRow, grid.recordTypes.indices.contains(row) else { return nil }
        return grid.recordTypes[row]
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .previousRole, .nextRole:
            guard var grid else { return }
            grid.selectedRole = max(0, min(grid.roles.count - 1, grid.selectedRole + (action == .nextRole ? 1 : -1)))
            self.grid = grid
            refreshTable()
        case .toggleCreate: toggle(.create, host: host)
        case .toggleRead: toggle(.read, host: host)
        case .toggleWrite: toggle(.write, host: host)
        case .createRole:
            overlay = .newRole(Prompt(title: "New role", message: "Name of the custom role (letters, digits, _; not starting with _):"))
        case .deleteRole:
            deleteRole(host: host)
        case .checkPermissions:
            openSubjectPicker(host: host)
        default:
            break
        }
    }

    private func toggle(_ permission: Permission, host: any ScreenHost) {
        guard let grid, let type = selectedType else { return }
        let role = grid.roles[grid.selectedRole]
        let granted = type.permissions(of: role).contains(permission)
        let edit = ManagementSchema.Edit(granted ? .revoke : .grant, recordType: type.name, role: role, permission: permission.rawValue)
        let (doing, done) = granted
            ? ("Revoking", "Revoked \(permission.rawValue) on \(type.name) from \(role)")
            : ("Granting", "Granted \(permission.rawValue) on \(type.name) to \(role)")
        apply(edit, describing: "\(doing) \(permission.rawValue) on \(type.name)", done: done, host: host)
    }

    /// Sends `edit` to development, saying `description` while it runs and `done` once it is made, then fetches
    /// the grid again (and the check, which the change may have changed).
    private func apply(_ edit: ManagementSchema.Edit, describing description: String, done: String, host: any ScreenHost) {
        let client = client
        host.change(description, { try await client.editSchema([edit]) }) { [weak self, weak host] _ in
            guard let self, let host else { return }
            host.report(StatusMessage(done, kind: .success))
            checkedType = nil
            load(host)
        }
    }

    private func deleteRole(host: any ScreenHost) {
        guard let grid else { return }
        let role = grid.roles[grid.selectedRole]
        guard !SecurityRole.isBuiltIn(role) else {
            host.report(StatusMessage("\(role) is a built-in role: it cannot be deleted", kind: .warning))
            return
        }
        let grants = grid.recordTypes.reduce(0) { $0 + $1.permissions(of: role).count }
        let confirmation = Confirmation(
            title: "Delete role \(role)?",
            message: "Deletes the role \(role) from development with its \(grants) grant\(grants == 1 ? "" : "s"); users holding it lose what it allowed.")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let host else { return }
            self?.apply(ManagementSchema.Edit(.deleteRole, role: role), describing: "Deleting role \(role)", done: "Deleted role \(role)", host: host)
        }
    }

    private func createRole(_ name: String, host: any ScreenHost) {
        apply(
            ManagementSchema.Edit(.createRole, role: name), describing: "Creating role \(name)",
            done: "Created role \(name): select a cell and press C, R or W to grant it", host: host)
    }

    private func openSubjectPicker(host: any ScreenHost) {
        let client = client
        host.report(StatusMessage("Fetching the users…"))
        host.work.start({ try await client.users() }) { [weak self, weak host] result in
            guard let self else { return }
            let users = (try? result.get()) ?? []
            let choices = [PermissionSubject.anyone, .signedIn] + users.map(PermissionSubject.user)
            let items = [ListItem("anyone", detail: "signed in or not: _world"), ListItem("any signed-in user", detail: "_icloud, no custom role")]
                + users.map { ListItem($0.name, detail: $0.roles.isEmpty ? "no custom role" : $0.roles.joined(separator: ", ")) }
            overlay = .subject(Picker(title: "Check permissions of", choices: choices, items: items))
            host?.report(StatusMessage(""))
        }
    }

    /// Asks the server about the selected type for the chosen subject.
    private func runCheck(host: any ScreenHost) {
        guard let subject, let type = selectedType else { return }
        checkedType = type.name
        let client = client
        let environment = session.environment
        host.work.start({ try await client.checkPermissions(of: subject.wire, on: type.name, in: environment) }) { [weak self, weak host] result in
            switch result {
            case .success(let answer): self?.check = PermissionCheckPanel(subjectName: subject.name, answer: answer)
            case .failure(let error): host?.report(StatusMessage("Permission check failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        switch overlay {
        case .newRole(var prompt)?:
            switch prompt.handle(key) {
            case .consumed: overlay = .newRole(prompt)
            case .cancelled: overlay = nil
            case .answered(let name):
                overlay = nil
                createRole(name.trimmingCharacters(in: .whitespaces), host: host)
            }
            return true
        case .subject(var picker)?:
            switch picker.handle(key) {
            case .consumed: overlay = .subject(picker)
            case .cancelled: overlay = nil
            case .chose(let chosen):
                overlay = nil
                subject = chosen
                runCheck(host: host)
            }
            return true
        case nil:
            let before = table.selectedRow
            let used = table.handle(key) != .ignored
            if table.selectedRow != before { refreshTable() }
            return used
        }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading roles and grants…") != nil else { return }
        let panelHeight = check == nil ? 0 : min(5, max(0, rect.height - 4))
        let (gridRect, panelRect) = rect.splitBottom(panelHeight)
        table.draw(in: gridRect, on: &canvas, theme: theme, focused: overlay == nil)
        check?.draw(in: panelRect, on: &canvas, theme: theme)
        switch overlay {
        case .newRole(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .newRole(prompt)
        case .subject(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .subject(picker)
        case nil:
            break
        }
    }

    func didDraw(_ host: any ScreenHost) {
        if subject != nil, let type = selectedType, type.name != checkedType { runCheck(host: host) }
    }
}
