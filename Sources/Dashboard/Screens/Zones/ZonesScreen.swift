import CKModel
import TerminalKit

/// The zones of the session's database with their sync state; Enter browses a zone's record types.
final class ZonesScreen: Screen {
    let session: Session
    private let zones: Remote<[Zone]>
    private var table = Table(columns: ZoneRows.columns, source: TableRows([]), emptyMessage: "No zones")
    private var filter = ""

    init(session: Session, loader: ZonesLoader) {
        self.session = session
        zones = Remote { try await loader.zones() }
    }

    var title: String {
        "Zones of \(session.database.rawValue)" + (visibleZones.map { " [\($0.count)]" } ?? "") + (filter.isEmpty ? "" : " /\(filter)")
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Browse the record types in the selected zone", group: "Zones"),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] {
        guard let zones = visibleZones, let row = table.selectedRow else { return [] }
        return ["\(row + 1)/\(zones.count)"]
    }

    var filterStyle: FilterStyle? { .live }
    var filterText: String { filter }
    var isLoading: Bool { zones.isLoading }

    func load(_ host: any ScreenHost) {
        zones.load(in: host.work) { [weak self, weak host] loaded in
            host?.learn(loaded.map(\.zoneID.zoneName), for: .zone)
            self?.refreshRows()
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        zones.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        guard action == .open, let zones = visibleZones, let row = table.selectedRow, zones.indices.contains(row) else { return }
        var next = session
        next.zone = zones[row].zoneID.zoneName == ZoneID.defaultZoneName ? nil : zones[row].zoneID
        next.recordType = nil
        host.open(.recordTypes, session: next)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        table.handleOpening(key) { perform(.open, host: host) }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        filter = text
        refreshRows()
        table.select(row: 0)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard zones.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading zones…") != nil else { return }
        table.draw(in: rect, on: &canvas, theme: theme, focused: true)
    }

    private var visibleZones: [Zone]? {
        guard let all = zones.value else { return nil }
        return LiveFilter.apply(filter, to: all, name: \.zoneID.zoneName)
    }

    private func refreshRows() {
        table.source = ZoneRows.rows(visibleZones ?? [])
    }
}
