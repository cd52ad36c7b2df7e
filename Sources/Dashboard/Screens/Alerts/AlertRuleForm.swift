import CKModel
import Foundation
import TerminalKit

/// The form `n` opens on the alerts screen: a rule's name, what it watches and when it fires, which requests it
/// counts and where it posts. It opens again with what was typed when the preview goes back to it.
enum AlertRuleForm {
    private static let any = "any"
    private static let fixed = "in the metric's unit"
    private static let relative = "% above the week's average"

    /// The dialog, its fields filled from `values` (a form submitted before) or empty.
    static func dialog(_ values: [String: String] = [:]) -> FormDialog {
        let metrics = AlertRule.alertable.map(\.rawValue)
        let windows = AlertWindow.allCases.map(\.rawValue)
        let kinds = [fixed, relative]
        let environments = [any] + ContainerEnvironment.allCases.map(\.rawValue)
        let databases = [any] + DatabaseScope.allCases.map(\.rawValue)
        func choice(_ id: String, _ label: String, _ options: [String]) -> FormField {
            .choice(id, label: label, options: options, selected: values[id].flatMap(options.firstIndex(of:)) ?? 0)
        }
        return FormDialog(
            title: "New alert rule",
            fields: [
                .text("name", label: "Name", text: values["name", default: ""], placeholder: "what the alert says: Sync failing",
                      validate: { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "A rule needs a name." : nil }),
                choice("metric", "Metric", metrics),
                .text("threshold", label: "Above", text: values["threshold", default: ""], placeholder: "5", validate: checkThreshold),
                choice("kind", "Threshold", kinds),
                choice("window", "Over", windows),
                .text("operation", label: "Operation", text: values["operation", default: ""], placeholder: "records/modify; empty: any"),
                .text("error", label: "Error", text: values["error", default: ""], placeholder: "CONFLICT, or any; empty: all requests"),
                choice("environment", "Environment", environments),
                choice("database", "Database", databases),
                .text("platform", label: "Platform", text: values["platform", default: ""], placeholder: "iOS …; empty: any"),
                .text("webhook", label: "Webhook", text: values["webhook", default: ""], placeholder: "https://… to POST each firing to; empty: none",
                      validate: checkWebhook),
            ],
            hint: "Tab next   ←/→ change a choice   Enter on the last previews   Esc cancels", width: 76)
    }

    /// The rule the submitted `values` describe, for `container`.
    static func rule(from values: [String: String], container: ContainerID?) -> AlertRule {
        let text = { (id: String) -> String? in
            let value = values[id, default: ""].trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return AlertRule(
            name: text("name") ?? "", containerID: container, metric: values["metric"].flatMap(TelemetryMetric.init(rawValue:)) ?? .errors,
            operation: text("operation"), errorCode: text("error"),
            environment: values["environment"].flatMap(ContainerEnvironment.init(rawValue:)),
            database: values["database"].flatMap(DatabaseScope.init(rawValue:)), platform: text("platform"),
            threshold: text("threshold").flatMap(Double.init) ?? 0, relative: values["kind"] == relative,
            window: values["window"].flatMap(AlertWindow.init(rawValue:)) ?? .fiveMinutes, webhookURL: text("webhook"))
    }

    @Sendable private static func checkThreshold(_ text: String) -> String? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value >= 0, value.isFinite else {
            return "A number, 0 or more: 5, 0.5, 250."
        }
        return nil
    }

    @Sendable private static func checkWebhook(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            return "An http:// or https:// URL, or nothing."
        }
        return nil
    }
}
