import CKClient
import CKModel
import Foundation
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
        case .database(let database, let user) where !configuration.hasManagementAPI:
            // Data API credentials only: the private and shared databases are the signed-in user's.
            if user != nil {
                report(StatusMessage(Destination.managementAPIRefusal, kind: .warning))
            } else if database != .public, configuration.client.webAuthToken == nil {
                guard configuration.client.configuration.credentials.apiToken != nil else {
                    report(StatusMessage(
                        "The \(database.rawValue) database belongs to a signed-in user, whom the container's API token signs in: a server-to-server key reaches the public database only",
                        kind: .warning))
                    return
                }
                open(.signIn(database: database), session: top.session)
            } else {
                switchSession { $0.database = database }
            }
        case .actAs where !configuration.hasManagementAPI:
            report(StatusMessage(Destination.managementAPIRefusal, kind: .warning))
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
            switchSession(staysWithoutZone: true) {
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
        case .signIn:
            guard !configuration.hasManagementAPI else {
                report(StatusMessage("With a management token no one signs in: :user NAME acts as a user", kind: .warning))
                return
            }
            guard configuration.client.configuration.credentials.apiToken != nil else {
                report(StatusMessage("Users sign in through the container's API token, and none is given (--api-token-file)", kind: .warning))
                return
            }
            open(.signIn(database: top.session.database), session: top.session)
        case .keepSignIn(let path):
            guard let token = configuration.client.webAuthToken else {
                report(StatusMessage("No user is signed in: :db private signs one in", kind: .warning))
                return
            }
            do {
                try WebAuthTokenFile.write(token, to: path)
                keptSignInFile = path
                report(StatusMessage("Keeping the signed-in user's token in \(path) (mode 0600), up to date until you quit", kind: .success))
            } catch {
                report(StatusMessage("Cannot write \(path): \(error.localizedDescription)", kind: .error))
            }
        case .help:
            overlay = .help(helpOverlay())
        case .messages:
            let width = terminal.size.width - 8
            overlay = .messages(TextPanel(title: "Messages, newest first", lines: messageLog.lines(width: width, display: display)))
        case .quit:
            quit()
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
}
