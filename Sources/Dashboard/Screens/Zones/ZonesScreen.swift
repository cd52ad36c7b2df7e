import CKModel
import TerminalKit

/// The zones of the session's database with their sync state; Enter browses a zone's record types.
final class ZonesScreen: Screen {
    let session: Session
    private let zones: Remote<[Zone]>
    private var list = FilteredList<Zone>(columns: ZoneRows.columns, emptyMessage: "No zones", name: \.zoneID.zoneName)

    init(session: Session, loader: ZonesLoader) {
        self.session = session
        zones = Remote { try await loader.zones() }
    }

    var title: String { list.title("Zones of \(session.database.rawValue)", isLoaded: zones.value != nil) }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Browse the record types in the selected zone", group: "Zones"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var isLoading: Bool { zones.isLoading }

    func load(_ host: any ScreenHost) {
        zones.load(in: host.work) { [weak self, weak host] loaded in
            host?.learn(loaded.map(\.zoneID.zoneName), for: .zone)
            self?.list.show(loaded, rows: ZoneRows.rows)
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        zones.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        guard action == .open, let zone = list.selected else { return }
        var next = session
        next.zone = zone.zoneID.zoneName == ZoneID.defaultZoneName ? nil : zone.zoneID
        next.recordType = nil
        host.open(.recordTypes, session: next)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        list.table.handleOpening(key) { perform(.open, host: host) }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        list.applyFilter(text)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard zones.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading zones…") != nil else { return }
        list.table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }
}
