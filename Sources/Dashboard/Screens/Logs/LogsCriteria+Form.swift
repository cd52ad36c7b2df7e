import CKModel
import Foundation
import TerminalKit

extension LogsCriteria {
    private static let any = "any"

    /// The form that edits the server's filters: operation, error, user, caller, platform, environment, database;
    /// for a telemetry chart (`forTelemetry`), whose series are of every user and caller and of one environment at a
    /// time, only operation, error, platform and database.
    func dialog(forTelemetry: Bool = false) -> FormDialog {
        let callers = [Self.any] + CallerKind.allCases.map(\.rawValue)
        let environments = [Self.any] + ContainerEnvironment.allCases.map(\.rawValue)
        let databases = [Self.any] + DatabaseScope.allCases.map(\.rawValue)
        let fields: [FormField] = [
            .text("operation", label: "Operation", text: operation, placeholder: "records/modify, or a kind: records; empty: any"),
            .text("error", label: "Error", text: errorCode, placeholder: "CONFLICT, or any for every failure; empty: all requests"),
            .text("user", label: "User", text: userID, placeholder: "a user's record name; empty: anyone"),
            .choice("caller", label: "Caller", options: callers, selected: callers.firstIndex(of: caller?.rawValue ?? Self.any) ?? 0),
            .text("platform", label: "Platform", text: platform, placeholder: "iOS, macOS, watchOS …; empty: any"),
            .choice(
                "environment", label: "Environment", options: environments,
                selected: environments.firstIndex(of: environment?.rawValue ?? Self.any) ?? 0),
            .choice("database", label: "Database", options: databases, selected: databases.firstIndex(of: database?.rawValue ?? Self.any) ?? 0),
        ]
        let telemetryFields: Set = ["operation", "error", "platform", "database"]
        return FormDialog(
            title: forTelemetry ? "Filter the charts" : "Filter the request log",
            fields: forTelemetry ? fields.filter { telemetryFields.contains($0.id) } : fields,
            hint: "Tab next   ←/→ change a choice   Enter on the last applies   Esc cancels", width: 76)
    }

    /// The criteria the dialog's submitted `values` describe, keeping the window.
    init(values: [String: String], window: Int?) {
        let trimmed = { (id: String) in values[id, default: ""].trimmingCharacters(in: .whitespaces) }
        self.init(
            window: window, operation: trimmed("operation"), errorCode: trimmed("error"), userID: trimmed("user"),
            caller: values["caller"].flatMap(CallerKind.init(rawValue:)), platform: trimmed("platform"),
            environment: values["environment"].flatMap(ContainerEnvironment.init(rawValue:)),
            database: values["database"].flatMap(DatabaseScope.init(rawValue:)))
    }
}
