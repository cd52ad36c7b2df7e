import CKModel
import TerminalKit

/// A share reached by its link or short GUID (`:accept GUID`), resolved as the user acted as: what it shares,
/// whose it is, and what the user is to it. `a` accepts it (asking first); Enter then browses it in the user's
/// shared database, where it now appears.
final class ShareInvitationScreen: Screen {
    let session: Session
    let shortGUID: String
    private let loader: ShareInvitationLoader
    /// The share's metadata, and users' names by record name to name its owner and participants.
    private let metadata: Remote<(metadata: RecordsShares.ShareMetadata, names: [String: String])>

    init(session: Session, shortGUID: String, loader: ShareInvitationLoader) {
        self.session = session
        self.shortGUID = shortGUID
        self.loader = loader
        metadata = Remote {
            async let names = loader.userNames()
            return (try await loader.resolve(shortGUID), await names)
        }
    }

    var title: String { "Share \(shortGUID)" }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.acceptShare, keys: [.character("a")], label: "Accept", help: "Join the share as the user acted as (asks first)", group: "Share", isMutation: true),
        KeyBinding(.open, keys: [.enter], label: "Browse", help: "Browse what the share shares, in the user's shared database once accepted", group: "Share"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var isLoading: Bool { metadata.isLoading }
    var hasFailedToLoad: Bool { metadata.hasFailed }
    var currentDestination: Destination? { .shareInvitation(shortGUID: shortGUID) }

    func load(_ host: any ScreenHost) {
        metadata.load(in: host.work) { _ in }
    }

    func cancelLoading(_ host: any ScreenHost) {
        metadata.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        guard let (resolved, names) = metadata.value else { return }
        switch action {
        case .acceptShare:
            confirmAcceptance(of: resolved, names: names, host: host)
        case .open:
            browse(resolved, host: host)
        default:
            break
        }
    }

    private func confirmAcceptance(of resolved: RecordsShares.ShareMetadata, names: [String: String], host: any ScreenHost) {
        let user = session.user?.name ?? "you"
        guard !resolved.isOwnersView else {
            return host.report(StatusMessage("\(user) owns this share: it is in their private database (Enter browses it)", kind: .warning))
        }
        guard resolved.participantStatus != .accepted else {
            return host.report(StatusMessage("\(user) has accepted this share already: Enter browses it", kind: .warning))
        }
        let subject = resolved.rootRecordName.map { "the record \($0)" } ?? "the zone \(resolved.zoneID.zoneName)"
        let owner = ShareRows.name(resolved.ownerIdentity.userRecordName, names)
        let confirmation = Confirmation(
            title: "Accept \(owner)'s share as \(user)?",
            message: "\(subject.prefix(1).uppercased() + subject.dropFirst()) then appears in \(user)'s shared database, where \(user) \(ShareInvitationLines.permission(resolved)).",
            confirmTitle: "Accept")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let (loader, shortGUID) = (loader, shortGUID)
            host.change("Accepting the share \(shortGUID)", { try await loader.accept(shortGUID) }) { [weak self, weak host] accepted in
                guard let self, let host else { return }
                browse(accepted, host: host)
                host.report(StatusMessage("\(user) joined \(subject): it is in \(user)'s shared database now", kind: .success))
            }
        }
    }

    /// Opens the shared zone's record types, or the shared record, in the database it is reached through.
    private func browse(_ resolved: RecordsShares.ShareMetadata, host: any ScreenHost) {
        let isOwner = resolved.isOwnersView
        guard isOwner || resolved.participantStatus == .accepted else {
            return host.report(StatusMessage("Accept the share first (a): until then it is not in \(session.user?.name ?? "the user")'s shared database", kind: .warning))
        }
        host.openShared(zone: resolved.zoneID, rootRecordName: resolved.rootRecordName, in: isOwner ? .private : .shared, session: session)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        false
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard let (resolved, names) = metadata.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Resolving the share…") else { return }
        let lines = ShareInvitationLines.lines(resolved, user: session.user?.name ?? "The user", names: names)
        let labelWidth = (lines.map(\.label.count).max() ?? 0) + 2
        for (index, line) in lines.enumerated() {
            let row = rect.row(index + 1)
            let (label, value) = row.splitLeft(labelWidth + 1)
            canvas.write(" " + line.label, in: label, style: theme.style(.muted))
            canvas.write(line.value, in: value, style: .plain)
        }
        let hint = resolved.isOwnersView || resolved.participantStatus == .accepted
            ? "Enter browses it." : "a accepts it; Enter then browses it in the shared database."
        canvas.write(" " + hint, in: rect.row(lines.count + 2), style: theme.style(.muted))
    }
}
