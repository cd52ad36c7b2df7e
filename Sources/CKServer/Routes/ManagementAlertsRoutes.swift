import CKModel
import Foundation
import Hummingbird

/// `/management/1/containers/{container}/alerts`: a container's alert rules (list, create, delete), a rule's
/// preview over the last seven days, and the firings and recoveries recorded.
struct ManagementAlertsRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        let prefix = "management/1/containers/:container/alerts"
        router.managementRead(prefix, services: services) { _, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            return try JSONResponse.make(ManagementAlerts.RulesResponse(rules: try await services.storage.alertRules(in: container.id)))
        }
        router.managementChange(prefix, services: services, decoding: AlertRule.self) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            var rule = try Self.checked(body, container: container.id)
            rule.id = UUID().uuidString.lowercased()
            rule.firing = false
            rule.changedAt = nil
            try await services.storage.saveAlertRule(rule)
            let threshold = rule.relative ? "\(rule.threshold)% above average" : "\(rule.threshold) \(rule.metric.unit)"
            return (rule, caller.audit("alert.create", container: container.id, target: rule.name, changes: [
                "\(rule.metric.rawValue) over \(rule.window.rawValue) above \(threshold)",
            ]))
        }
        router.managementChange(prefix + "/delete", services: services, decoding: ManagementAlerts.DeleteRequest.self) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let name = try await services.storage.alertRules(in: container.id).first { $0.id == body.id }?.name
            guard let name, try await services.storage.deleteAlertRule(body.id, in: container.id) else {
                throw ServerError(.notFound, reason: "there is no alert rule \(body.id) in \(container.id)")
            }
            return (ManagementAlerts.DeleteRequest(id: body.id), caller.audit("alert.delete", container: container.id, target: name, changes: []))
        }
        router.managementChange(prefix + "/preview", services: services, decoding: AlertRule.self, changes: { _ in false }) { body, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let rule = try Self.checked(body, container: container.id)
            await services.requestLog?.flush()
            let evaluator = AlertEvaluator(telemetry: TelemetryService(storage: services.storage, recorder: services.requestLog?.telemetry))
            return (try await evaluator.preview(rule, now: Timestamp(Date()).millisecondsSince1970), nil)
        }
        router.managementRead(prefix + "/events", services: services) { request, context, caller in
            let container = try await context.managedContainer(caller, services: services)
            let query = request.uri.queryParameters
            let limit = try ManagementParameters.limit(query.get("limit"), standard: 50, maximum: 500)
            let events = try await services.storage.alertEvents(in: container.id, ruleID: query.get("rule"), limit: limit)
            return try JSONResponse.make(ManagementAlerts.EventsResponse(events: events))
        }
    }

    /// `rule` for `container`, or `BAD_REQUEST` saying what is wrong with it.
    static func checked(_ rule: AlertRule, container: ContainerID) throws -> AlertRule {
        var rule = rule
        rule.containerID = container
        let name = rule.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else { throw ServerError(.badRequest, reason: "an alert rule needs a name of 1 to 100 characters") }
        rule.name = name
        guard AlertRule.alertable.contains(rule.metric) else {
            throw ServerError(.badRequest, reason: "an alert rule watches one of \(AlertRule.alertable.map(\.rawValue).joined(separator: ", "))")
        }
        guard rule.threshold.isFinite, rule.threshold >= 0 else { throw ServerError(.badRequest, reason: "the threshold must be a number of 0 or more") }
        if let url = rule.webhookURL {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw ServerError(.badRequest, reason: "the webhook must be an http:// or https:// URL")
            }
        }
        return rule
    }
}
