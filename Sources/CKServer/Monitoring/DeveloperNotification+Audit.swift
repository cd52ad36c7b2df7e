import CKModel
import Foundation

extension DeveloperNotification {
    /// The audit actions a developer is notified of, with what the notification says of the target.
    static let notifiedActions: [String: String] = [
        "schema.deploy": "schema deployed to production",
        "schema.reset": "development reset to production's schema",
        "apiToken.create": "API token created",
        "apiToken.revoke": "API token revoked",
        "serverKey.create": "server-to-server key added",
        "serverKey.revoke": "server-to-server key revoked",
        "managementToken.create": "management token created",
        "managementToken.revoke": "management token revoked",
    ]

    /// The notification of the change `entry` audits, when it is one developers hear of.
    init?(audit entry: AuditEntry) {
        guard let what = Self.notifiedActions[entry.action] else { return nil }
        let changes = entry.changes.isEmpty ? "" : " (\(entry.changes.count) change\(entry.changes.count == 1 ? "" : "s"))"
        self.init(
            containerID: entry.container, timestamp: Timestamp(entry.date).millisecondsSince1970, kind: entry.action,
            title: "\(what): \(entry.target)\(changes), by \(entry.tokenName)")
    }
}
