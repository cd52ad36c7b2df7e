import CKModel
import Foundation
import TerminalKit

/// An alert rule in full, as Enter on the alerts screen shows it: what it watches, its state, where it posts, and
/// its firings and recoveries, newest first.
enum AlertRuleLines {
    static func lines(of rule: AlertRule, events: [AlertEvent], display: FieldValueDisplay) -> [String] {
        [
            "Watches    \(rule.summary)",
            "State      \(AlertRows.state(of: rule, display: display))",
            "Webhook    \(rule.webhookURL ?? "none")",
            "Rule ID    \(rule.id)",
            "",
            events.isEmpty ? "It has not fired yet." : "Fired and recovered, newest first",
        ] + events.map { event in
            let when = display.date(Timestamp(millisecondsSince1970: event.timestamp).date)
            return "  \(when)  \(event.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  "
                + "\(Chart.label(event.value)) against \(Chart.label(event.threshold)) \(rule.metric.unit)"
        }
    }
}
