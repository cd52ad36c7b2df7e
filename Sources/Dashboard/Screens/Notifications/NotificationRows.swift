import CKModel
import TerminalKit

/// Notifications as the live view's table shows them, newest first: when each arrived, the subscription that sent
/// it, its kind (`qry` for a query subscription, `fet` for a zone one), why, the record and the zone.
enum NotificationRows {
    /// The table's columns.
    static let columns = [
        TableColumn("ARRIVED", width: .fixed(8)),
        TableColumn("SUBSCRIPTION", width: .flexible(minimum: 12)),
        TableColumn("KIND", width: .fixed(4)),
        TableColumn("REASON", width: .fixed(7)),
        TableColumn("RECORD", width: .flexible(minimum: 10)),
        TableColumn("ZONE", width: .flexible(minimum: 10)),
        TableColumn("ALERT", width: .flexible(minimum: 8)),
    ]

    /// One row per notification, times in `display`'s time zone.
    static func rows(_ received: [ReceivedNotification], display: FieldValueDisplay) -> TableRows {
        TableRows(received.map { item in
            let notification = item.notification
            let zone = notification.zoneID.map { zoneID in zoneID.zoneName + (notification.databaseScope.map { " (\($0.rawValue))" } ?? "") }
            return [
                TableCell(display.time(item.arrived), role: .muted), TableCell(notification.subscriptionID ?? "—"),
                TableCell(notification.notificationType.rawValue, role: .muted), TableCell(item.reason ?? "—", role: item.reason == nil ? .muted : nil),
                TableCell(notification.recordName ?? "—", role: notification.recordName == nil ? .muted : nil), TableCell(zone ?? "—"),
                TableCell(notification.alertBody ?? "", role: .muted),
            ]
        })
    }
}
