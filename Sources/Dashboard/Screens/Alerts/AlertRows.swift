import CKModel
import TerminalKit

/// The alert rules as their screen lists them: name, what each watches, its state and where it posts.
enum AlertRows {
    /// The table's columns.
    static let columns = [
        TableColumn("RULE", width: .flexible(minimum: 10)),
        TableColumn("STATE", width: .fixed(18)),
        TableColumn("WATCHES", width: .flexible(minimum: 24, weight: 3)),
        TableColumn("WEBHOOK", width: .flexible(minimum: 8)),
    ]

    /// One row per rule; a firing one in the error role.
    static func rows(_ rules: [AlertRule], display: FieldValueDisplay) -> TableRows {
        TableRows(rules.map { rule in
            [
                TableCell(rule.name), TableCell(state(of: rule, display: display), role: rule.firing ? .error : .success),
                TableCell(rule.summary), TableCell(rule.webhookURL ?? "none", role: rule.webhookURL == nil ? .muted : nil),
            ]
        })
    }

    /// `FIRING since 14:05:00`, `ok since …`, or `ok` for a rule that never fired.
    static func state(of rule: AlertRule, display: FieldValueDisplay) -> String {
        let since = rule.changedAt.map { " since " + display.time(Timestamp(millisecondsSince1970: $0).date) } ?? ""
        return (rule.firing ? "FIRING" : "ok") + since
    }
}
