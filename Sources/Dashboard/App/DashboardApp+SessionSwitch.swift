import CKClient
import CKModel
import TerminalKit

extension DashboardApp {
    /// Rebuilds every screen of the stack for the session `change` gives, keeping where the user is and what they
    /// edited (`Screen.currentDestination`); only the top screen fetches now, the others when they are back on top.
    /// A zone the new session's database does not have is dropped for its default zone, and the status says so,
    /// rather than kept for every screen to fail on; when `staysWithoutZone` (`:zone NAME` named it), nothing
    /// switches and the status says the zone does not exist.
    func switchSession(staysWithoutZone: Bool = false, _ change: @escaping (inout Session) -> Void) {
        var next = top.session
        change(&next)
        guard let zone = next.zone else {
            rebuildStack(change, note: nil)
            return
        }
        let client = next.client(from: configuration.client)
        work.start({ try await client.lookupZones([zone]) }) { [weak self] result in
            guard let self else { return }
            guard Self.isMissing(result) else {
                rebuildStack(change, note: nil)  // the zone is there, or the screens say why it could not be looked up
                return
            }
            guard !staysWithoutZone else {
                report(StatusMessage("The \(next.database.rawValue) database has no zone \(zone.zoneName): :zones lists its zones", kind: .error))
                return
            }
            rebuildStack({ change(&$0); $0.zone = nil }, note: "the \(next.database.rawValue) database has no zone \(zone.zoneName): back to its default zone")
        }
    }

    /// Whether a zone lookup's answer says the zone does not exist, for the whole request or for its one item.
    private static func isMissing(_ lookup: Result<[Result<Zone, CloudKitClientError>], any Error>) -> Bool {
        let error: (any Error)? = switch lookup {
        case .success(let zones): zones.first.flatMap { if case .failure(let error) = $0 { error } else { nil } }
        case .failure(let error): error
        }
        return (error as? CloudKitClientError)?.serverErrorCode == .zoneNotFound
    }

    private func rebuildStack(_ change: (inout Session) -> Void, note: String?) {
        for index in stack.indices {
            stack[index].screen.cancelLoading(self)
            var session = stack[index].screen.session
            change(&session)
            let destination = stack[index].screen.currentDestination ?? stack[index].destination
            stack[index] = Entry(
                destination: destination, screen: destination.makeScreen(session: session, configuration: configuration, display: display), isLoaded: false)
        }
        loadTopScreen()
        let session = top.session
        let place = "Now in \(session.environment.rawValue), \(session.database.rawValue) database" + (session.user.map { " as \($0.name)" } ?? "")
        report(note.map { StatusMessage("\(place): \($0)", kind: .warning) } ?? StatusMessage(place))
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
