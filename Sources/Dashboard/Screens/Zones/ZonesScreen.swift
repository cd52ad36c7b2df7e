import CKModel
import TerminalKit

/// The zones of the session's database with their sync state; Enter browses a zone's record types, `c` watches
/// its changes live, `s` lists its shares, `n` creates a custom zone and `d` deletes one after saying how many
/// records go with it.
final class ZonesScreen: FilteredListScreen {
    let session: Session
    let loader: ZonesLoader
    let zones: Remote<[Zone]>
    var list = FilteredList<Zone>(columns: ZoneRows.columns, emptyMessage: "No zones", name: \.zoneID.zoneName)
    var question: SchemaQuestion?
    /// The zone to select once the zones are fetched again (one just created).
    var pendingSelection: String?

    init(session: Session, loader: ZonesLoader) {
        self.session = session
        self.loader = loader
        zones = Remote { try await loader.zones() }
    }

    var title: String { list.title("Zones of \(session.database.rawValue)", isLoaded: zones.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Browse the record types in the selected zone", group: "Zones"),
        KeyBinding(.showZoneChanges, keys: [.character("c")], label: "Changes", help: "Watch the records of the selected zone change, live", group: "Zones"),
        KeyBinding(.showShares, keys: [.character("s")], label: "Shares", help: "The shares of the selected zone: participants, permissions, sharing it", group: "Zones"),
        KeyBinding(.createZone, keys: [.character("n")], label: "New zone", help: "Create a custom zone (private database)", group: "Zones", isMutation: true),
        KeyBinding(
            .deleteZone, keys: [.character("d")], label: "Delete", help: "Delete the selected custom zone and its records (asks first, saying how many)",
            group: "Zones", isMutation: true),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var isLoading: Bool { zones.isLoading }
    var hasFailedToLoad: Bool { zones.hasFailed }

    func load(_ host: any ScreenHost) {
        zones.load(in: host.work) { [weak self, weak host] loaded in
            guard let self else { return }
            host?.learn(loaded.map(\.zoneID.zoneName), for: .zone)
            list.show(loaded, rows: ZoneRows.rows)
            if let name = pendingSelection {
                list.select { $0.zoneID.zoneName == name }
                pendingSelection = nil
            }
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        zones.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let zone = list.selected else { return }
            var next = session
            next.zone = zone.zoneID.isDefaultZone ? nil : zone.zoneID
            next.recordType = nil
            host.open(.recordTypes, session: next)
        case .showZoneChanges:
            guard let zone = list.selected else { return }
            host.open(.zoneChanges(zone: zone.zoneID), session: session)
        case .showShares:
            guard let zone = list.selected else { return }
            var next = session
            next.zone = zone.zoneID
            host.open(.shares(), session: next)
        case .createZone:
            askNewZoneName(host: host)
        case .deleteZone:
            confirmDeletion(host: host)
        default:
            break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        handleListKey(key, host: host) { perform(.open, host: host) }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard zones.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading zones…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: question == nil)
        question?.draw(in: rect, on: &canvas, theme: theme)
    }
}
