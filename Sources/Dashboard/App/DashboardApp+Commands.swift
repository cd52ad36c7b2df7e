import CKClient
import CKModel
import TerminalKit

extension DashboardApp {
    /// Runs a command typed in the palette.
    func run(command text: String) {
        let command: PaletteCommand
        do {
            command = try PaletteCommand(parsing: text)
        } catch {
            report(StatusMessage(error.description, kind: .error))
            return
        }
        if command.changesData, isReadOnly {
            report(StatusMessage("Read-only session: :\(text) is not available", kind: .warning))
            return
        }
        switch command {
        case .open(let destination):
            guard !destination.needsContainer || top.session.container != nil else {
                report(StatusMessage("Choose a container first (Enter on the containers screen, or :container ID)", kind: .warning))
                return
            }
            var session = top.session
            if let recordType = destination.recordType { session.recordType = recordType }
            open(destination, session: session)
        case .environment(let environment):
            switchSession { $0.environment = environment }
        case .database(let database, let user):
            if let user {
                actAs(user, database: database)
            } else if database != .public, top.session.user == nil {
                report(StatusMessage("The \(database.rawValue) database belongs to a user: :db \(database.rawValue) USER", kind: .warning))
            } else {
                switchSession { $0.database = database }
            }
        case .actAs(let user):
            if let user {
                actAs(user, database: top.session.database)
            } else {
                switchSession {
                    $0.user = nil
                    $0.database = .public
                }
            }
        case .container(let text):
            guard let container = ContainerID(rawValue: text) else {
                report(StatusMessage("\(text) is not a container ID, such as iCloud.com.example.App", kind: .error))
                return
            }
            var session = stack[0].screen.session
            session.container = container
            stack.removeSubrange(1...)
            open(.recordTypes, session: session)
        case .zone(let name):
            switchSession {
                $0.zone = name.map { ZoneID(zoneName: $0) }
                $0.recordType = nil
            }
        case .theme(let name):
            let loaded = configuration.themeLoader.theme(named: name, for: terminal.colorLevel)
            if let error = loaded.error {
                report(StatusMessage("Theme: \(error)", kind: .error))
            } else {
                theme = loaded.theme
                themeName = name
                report(StatusMessage("Theme: \(name)", kind: .success))
            }
        case .unlockProduction:
            unlockProduction()
        case .lockProduction:
            if let container = top.session.container { unlockedProductions.remove(container) }
            report(StatusMessage("Production is locked: it can be browsed, not changed", kind: .success))
        case .undo:
            undoLastChange()
        case .help:
            overlay = .help(HelpOverlay(bindings: bindings, title: "Keys: \(top.title)"))
        case .quit:
            hasQuit = true
        }
    }

    /// Asks for the container's name, then allows changes to its production until the dashboard quits or `:lock`.
    func unlockProduction() {
        guard let container = top.session.container else {
            report(StatusMessage("Choose a container first: production belongs to one", kind: .warning))
            return
        }
        guard !unlockedProductions.contains(container) else {
            report(StatusMessage("Production of \(container.rawValue) is already unlocked: :lock locks it"))
            return
        }
        let confirmation = Confirmation(
            title: "Unlock production?",
            message: "Changes to \(container.rawValue)'s production data (records, zones, subscriptions, users) will be allowed "
                + "until ckdash quits or :lock. The schema still changes only by deploy.",
            confirmTitle: "Unlock", typedName: container.rawValue)
        confirm(confirmation) { [weak self] in
            self?.unlockedProductions.insert(container)
            self?.report(StatusMessage("Production of \(container.rawValue) is unlocked for this session: :lock locks it", kind: .warning))
        }
    }

    /// Rebuilds every screen of the stack for the session `change` gives, keeping where the user is and what they
    /// edited (`Screen.currentDestination`); only the top screen fetches now, the others when they are back on top.
    func switchSession(_ change: (inout Session) -> Void) {
        for index in stack.indices {
            stack[index].screen.cancelLoading(self)
            var session = stack[index].screen.session
            change(&session)
            let destination = stack[index].screen.currentDestination ?? stack[index].destination
            stack[index] = Entry(
                destination: destination, screen: destination.makeScreen(session: session, client: configuration.client, display: display), isLoaded: false)
        }
        loadTopScreen()
        let session = top.session
        report(StatusMessage("Now in \(session.environment.rawValue), \(session.database.rawValue) database" + (session.user.map { " as \($0.name)" } ?? "")))
    }

    /// Finds `user` (record name, name or email address) among the users of the current container, then browses
    /// `database` as that user.
    func actAs(_ user: String, database: DatabaseScope) {
        guard let container = top.session.container ?? configuration.container else {
            report(StatusMessage("Choose a container first: users belong to one", kind: .warning))
            return
        }
        let client = configuration.client.addressing(container, environment: .development)
        report(StatusMessage("Looking for the user \(user)…"))
        work.start({ try await client.users() }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                report(StatusMessage(ErrorMessage.text(for: error), kind: .error))
            case .success(let users):
                learn(users.map(\.name), for: .user)
                guard let match = users.first(where: { $0.userRecordName == user || $0.name == user || $0.emailAddress == user }) else {
                    let known = users.isEmpty ? "it has no users" : "it has " + users.map(\.name).joined(separator: ", ")
                    report(StatusMessage("There is no user \(user) in \(container.rawValue) (\(known))", kind: .error))
                    return
                }
                switchSession {
                    $0.user = ActingUser(userRecordName: match.userRecordName, name: match.name)
                    $0.database = database
                }
            }
        }
    }
}
