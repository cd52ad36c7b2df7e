import CKModel

extension CloudKitClient {
    /// The configured container's alert rules, with whether each is firing.
    public func alertRules() async throws -> [AlertRule] {
        let response: ManagementAlerts.RulesResponse = try await management(.get, try containerPath("alerts"))
        return response.rules
    }

    /// Creates `rule` in the configured container and returns it as the server made it (with its ID).
    public func createAlertRule(_ rule: AlertRule) async throws -> AlertRule {
        try await management(.post, try containerPath("alerts"), body: rule)
    }

    /// Deletes the configured container's alert rule `id`.
    public func deleteAlertRule(id: String) async throws {
        let _: ManagementAlerts.DeleteRequest = try await management(.post, try containerPath("alerts/delete"), body: ManagementAlerts.DeleteRequest(id: id))
    }

    /// When `rule` would have fired over the last seven days, in the configured container.
    public func previewAlertRule(_ rule: AlertRule) async throws -> ManagementAlerts.PreviewResponse {
        try await management(.post, try containerPath("alerts/preview"), body: rule)
    }

    /// The firings and recoveries of the configured container's rules (of the rule `ruleID` when given), newest first.
    public func alertEvents(ruleID: String? = nil, limit: Int? = nil) async throws -> [AlertEvent] {
        var query: [(String, String)] = []
        if let ruleID { query.append(("rule", ruleID)) }
        if let limit { query.append(("limit", String(limit))) }
        let response: ManagementAlerts.EventsResponse = try await send(
            .get, path: "/management/1/" + (try containerPath("alerts/events")), query: query, authentication: .management)
        return response.events
    }

    /// Developer notifications, newest first: of `container` when given, else of every container the token reaches.
    public func developerNotifications(
        container: ContainerID? = nil, limit: Int? = nil, continuationMarker: String? = nil
    ) async throws -> ManagementAlerts.NotificationsResponse {
        var query: [(String, String)] = []
        if let container { query.append(("container", container.rawValue)) }
        if let limit { query.append(("limit", String(limit))) }
        if let continuationMarker { query.append(("continuationMarker", continuationMarker)) }
        return try await send(.get, path: "/management/1/notifications", query: query, authentication: .management)
    }

    /// Marks the notifications `sequences` read, or every one the token reaches when `nil`.
    public func markNotificationsRead(_ sequences: [Int64]?) async throws {
        let request = sequences.map { ManagementAlerts.ReadRequest(sequences: $0) } ?? ManagementAlerts.ReadRequest(all: true)
        let _: ManagementAlerts.ReadRequest = try await management(.post, "notifications/read", body: request)
    }
}
