import CKClient
import CKModel

/// Reads and changes the alert rules of the session's container for their screen.
struct AlertsLoader: Sendable {
    let client: CloudKitClient

    /// The rules, with whether each is firing.
    func rules() async throws -> [AlertRule] {
        try await client.alertRules()
    }

    /// The firings and recoveries of the rule `id`, newest first.
    func events(of id: String) async throws -> [AlertEvent] {
        try await client.alertEvents(ruleID: id, limit: 50)
    }

    /// When `rule` would have fired over the last seven days.
    func preview(_ rule: AlertRule) async throws -> ManagementAlerts.PreviewResponse {
        try await client.previewAlertRule(rule)
    }

    /// Creates `rule`, returning it as the server made it.
    func create(_ rule: AlertRule) async throws -> AlertRule {
        try await client.createAlertRule(rule)
    }

    /// Deletes the rule `id`; its recorded events stay.
    func delete(_ id: String) async throws {
        try await client.deleteAlertRule(id: id)
    }
}
