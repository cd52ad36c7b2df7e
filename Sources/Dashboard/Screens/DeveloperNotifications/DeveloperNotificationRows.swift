import CKModel
import TerminalKit

/// The developer notifications as their screen lists them: unread ones marked, time, container, kind and what
/// happened.
enum DeveloperNotificationRows {
    /// The table's columns.
    static let columns = [
        TableColumn("", width: .fixed(1)),
        TableColumn("TIME", width: .fixed(19)),
        TableColumn("CONTAINER", width: .flexible(minimum: 10)),
        TableColumn("KIND", width: .flexible(minimum: 12)),
        TableColumn("WHAT HAPPENED", width: .flexible(minimum: 20, weight: 3)),
    ]

    /// One row per notification; an alert firing in the error role, read ones muted.
    static func rows(_ notifications: [DeveloperNotification], display: FieldValueDisplay) -> TableRows {
        TableRows(notifications.map { notification in
            let role: ThemeRole? = notification.read ? .muted : notification.kind == "alert.fired" ? .error : nil
            return [
                TableCell(notification.read ? " " : "●", role: .warning),
                TableCell(display.date(Timestamp(millisecondsSince1970: notification.timestamp).date), role: role),
                TableCell(notification.containerID?.rawValue ?? "the server", role: role), TableCell(notification.kind, role: role),
                TableCell(notification.title, role: role),
            ]
        })
    }

    /// The screen Enter opens for `notification`: the alerts for an alert, the deployments for a deploy or reset, the
    /// tokens and keys for a credential; `nil` when there is none or it concerns no container.
    static func destination(of notification: DeveloperNotification) -> Destination? {
        guard notification.containerID != nil else { return nil }
        switch notification.kind.split(separator: ".").first {
        case "alert": return .alerts
        case "schema": return .deploy(tab: .deployments)
        case "apiToken": return .credentials()
        case "managementToken": return .credentials(tab: .managementTokens)
        case "serverKey": return .credentials(tab: .serverKeys)
        default: return nil
        }
    }
}
