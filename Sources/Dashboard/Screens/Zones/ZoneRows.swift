import CKModel
import TerminalKit

/// The zones of a database as their screen shows them: name, whether changes to it are atomic, and its sync
/// token (the point its change history has reached).
enum ZoneRows {
    /// The table's columns.
    static let columns = [
        TableColumn("ZONE", width: .flexible(minimum: 16)),
        TableColumn("ATOMIC", width: .fixed(6)),
        TableColumn("SYNC TOKEN", width: .flexible(minimum: 12)),
    ]

    /// One row per zone.
    static func rows(_ zones: [Zone]) -> TableRows {
        TableRows(zones.map { zone in
            [
                TableCell(zone.zoneID.zoneName), TableCell(zone.atomic == true ? "yes" : "no", role: .muted),
                TableCell(zone.syncToken ?? "no changes yet", role: .muted),
            ]
        })
    }
}
