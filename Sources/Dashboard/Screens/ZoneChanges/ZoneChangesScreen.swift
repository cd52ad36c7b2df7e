import CKClient
import CKModel
import Foundation
import TerminalKit

/// A zone's record changes as they happen: from where the zone's history is when the screen opens, its change
/// feed is read with the sync token about every second while the screen is on top, and each record created,
/// updated or deleted is listed, newest first. Enter opens a record.
final class ZoneChangesScreen: LiveFeedScreen {
    let session: Session
    private let zone: ZoneID
    let feed: LiveFeed<String, ZoneChangesPage, ZoneChange>

    init(session: Session, zone: ZoneID, loader: ZoneChangesLoader, display: FieldValueDisplay) {
        self.session = session
        self.zone = zone
        feed = LiveFeed(
            columns: ZoneChangeRows.columns, emptyMessage: "No changes yet: save or delete a record in this zone", name: \.filterText,
            interval: .seconds(1), start: { try await loader.currentToken(of: zone) },
            fetch: { try await loader.changes(in: zone, since: $0) },
            advance: { page in
                let seen = Date()
                return (page.syncToken, page.records.reversed().map { ZoneChange($0, seen: seen) })
            },
            rows: { ZoneChangeRows.rows($0, display: display) })
    }

    var title: String { feed.title("Changes in \(zone.zoneName)") }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Open the selected record (not a deleted one)", group: "Zone changes"),
        KeyBinding(.clearList, keys: [.character("c")], label: "Clear", help: "Clear the changes listed so far; new ones keep coming", group: "Zone changes"),
    ])

    var bindings: KeyBindingTable { Self.keys }
    var currentDestination: Destination? { .zoneChanges(zone: zone) }

    func open(_ change: ZoneChange, host: any ScreenHost) {
        guard change.kind != .deleted else {
            host.report(StatusMessage("\(change.recordName) was deleted: there is no record to open", kind: .warning))
            return
        }
        var next = session
        next.zone = zone.isDefaultZone ? nil : zone
        next.recordType = change.recordType
        host.open(.record(recordName: change.recordName), session: next)
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        feed.draw(
            in: rect, on: &canvas, theme: theme, loading: "Reading where \(zone.zoneName)'s changes are…",
            live: "Live: saves and deletions in \(zone.zoneName) since this view opened, newest first.")
    }
}
