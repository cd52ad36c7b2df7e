import CKModel
import TerminalKit

/// The shares of the session's zone, or of its whole database: what each shares (a zone, or a record and the
/// records below it), its owner, what anyone with its link may do, and below the list the selected share's
/// participants with their permission, kind and acceptance. The owner shares a zone (`n`), invites (`a`),
/// removes (`x`), changes permissions (`p`, `P`) and stops sharing (`d`); Enter opens what is shared.
final class SharesScreen: FilteredListScreen {
    let session: Session
    let loader: SharesLoader
    /// The shares, and users' names by record name to name owners and participants.
    let shares: Remote<(shares: [ListedShare], names: [String: String])>
    var list = FilteredList<ListedShare>(columns: ShareRows.columns, emptyMessage: "No shares", name: \.subject)
    var question: SchemaQuestion?
    /// Users' names by record name, to name owners and participants.
    var names: [String: String] = [:]
    /// The record to share once the shares are listed (opened from a record with `s`).
    var sharing: String?
    /// The share to select once the shares are fetched again (one just made or changed), by record name and zone.
    var pendingSelection: (recordName: String, zoneName: String)?
    private var participants = Table(columns: ShareRows.participantColumns, source: TableRows([]), emptyMessage: "No participants")

    init(session: Session, sharing: String?, loader: SharesLoader) {
        self.session = session
        self.sharing = sharing
        self.loader = loader
        let zone = session.zone
        let database = session.database
        shares = Remote {
            guard database != .public else { throw SharingError.publicDatabase }
            async let names = loader.userNames()
            return (try await loader.shares(in: zone), await names)
        }
    }

    var title: String {
        let place = session.zone.map { "zone \($0.zoneName)" } ?? "the \(session.database.rawValue) database"
        return list.title("Shares of \(place)", isLoaded: shares.value != nil)
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Browse what the selected share shares: its zone, or its root record", group: "Shares"),
        KeyBinding(.copy, keys: [.character("y")], label: "Copy link", help: "Copy the selected share's link (its short GUID where the server gives none), with which others :accept it (OSC 52)", group: "Shares"),
        KeyBinding(
            .share, keys: [.character("n")], label: "Share zone", help: "Share a whole custom zone (owner, private database); participants come next",
            group: "Shares", isMutation: true),
        KeyBinding(.addParticipant, keys: [.character("a")], label: "Invite", help: "Invite a user of the container to the selected share", group: "Shares", isMutation: true),
        KeyBinding(.removeParticipant, keys: [.character("x")], label: "Remove", help: "Remove a participant from the selected share (asks first)", group: "Shares", isMutation: true),
        KeyBinding(
            .changeParticipantPermission, keys: [.character("p")], label: "Permission", help: "Let a participant read only, or read and write",
            group: "Shares", isMutation: true),
        KeyBinding(
            .changePublicPermission, keys: [.character("P")], label: "Link access",
            help: "What anyone signed in who has the share's short GUID may do: nothing, read, or read and write", group: "Shares", isMutation: true),
        KeyBinding(
            .stopSharing, keys: [.character("d")], label: "Stop sharing", help: "End the selected share: every participant loses access (asks first)",
            group: "Shares", isMutation: true),
    ])

    /// The keys of a participant's view, in a shared database, where only the owner's changes are not offered.
    static let participantKeys = KeyBindingTable(keys.bindings.filter { !$0.isMutation })

    var bindings: KeyBindingTable { session.database == .private ? Self.keys : Self.participantKeys }
    var isLoading: Bool { shares.isLoading }
    var hasFailedToLoad: Bool { shares.hasFailed }
    var currentDestination: Destination? { .shares() }

    func load(_ host: any ScreenHost) {
        shares.load(in: host.work) { [weak self, weak host] loaded, names in
            guard let self, let host else { return }
            self.names = names
            list.show(loaded) { ShareRows.rows($0, names: names) }
            if let name = pendingSelection {
                list.select { $0.share.recordName == name.recordName && $0.zoneID.zoneName == name.zoneName }
                pendingSelection = nil
            }
            if let recordName = sharing {
                sharing = nil
                share(recordNamed: recordName, host: host)
            }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        shares.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let selected = list.selected else { return }
            host.openShared(zone: selected.zoneID, rootRecordName: selected.rootRecordName, in: session.database, session: session)
        case .copy:
            guard let selected = list.selected, let joinedWith = selected.joinedWith else { return }
            host.copyToClipboard(joinedWith, describing: "the share's \(selected.link == nil ? "short GUID" : "link") (others join with :accept \(joinedWith))")
        case .share:
            askZoneToShare(host: host)
        case .addParticipant:
            ownedSelection(host: host).map { askInvitee(to: $0, host: host) }
        case .removeParticipant:
            ownedSelection(host: host).map { askParticipantToRemove(from: $0, host: host) }
        case .changeParticipantPermission:
            ownedSelection(host: host).map { askParticipantPermission(in: $0, host: host) }
        case .changePublicPermission:
            ownedSelection(host: host).map { askPublicPermission(of: $0, host: host) }
        case .stopSharing:
            ownedSelection(host: host).map { confirmStopSharing($0, host: host) }
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard shares.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading shares…") != nil else { return }
        let selected = list.selected
        let detailHeight = selected == nil ? 0 : min(rect.height / 2, (selected?.share.participants?.count ?? 0) + 3)
        let (top, detail) = rect.splitBottom(detailHeight)
        list.table.draw(in: top, on: &canvas, theme: theme, focused: question == nil)
        if let selected, detailHeight > 0 {
            let (heading, table) = detail.splitTop(1).rest.splitTop(1)
            canvas.write(Self.heading(of: selected, in: session.database), in: heading, style: theme.style(.muted))
            participants.source = ShareRows.participantRows(selected, names: names)
            participants.draw(in: table, on: &canvas, theme: theme, focused: false)
        }
        question?.draw(in: rect, on: &canvas, theme: theme)
    }

    /// The line above the participants: what the share shares and how others join it.
    static func heading(of share: ListedShare, in database: DatabaseScope) -> String {
        let joining = share.share.shortGUID.map { database == .shared ? "short GUID \($0)" : "others join with :accept \($0)" } ?? "no short GUID"
        let shared = share.isZoneWide
            ? "the whole zone \(share.zoneID.zoneName)"
            : "\(share.rootRecordName ?? "a record") and the records below it, in \(share.zoneID.zoneName)"
        return "Shares \(shared) · \(joining)"
    }
}
