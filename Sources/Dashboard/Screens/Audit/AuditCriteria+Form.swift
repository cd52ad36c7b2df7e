import Foundation
import CKModel
import TerminalKit

extension AuditCriteria {
    private static let everyKind = "every kind"
    private static let everyContainer = "every container"

    /// The form that edits these criteria: since, until, token, kind of change and container; times are checked as
    /// they are typed, with the forms `AuditTime` reads.
    func dialog(container: ContainerID?) -> FormDialog {
        let kinds = [Self.everyKind] + ManagementAudit.Filter.kinds
        let containers = [Self.everyContainer] + (container.map { ["only \($0.rawValue)"] } ?? [])
        return FormDialog(
            title: "Filter the audit log",
            fields: [
                .text("since", label: "Since", text: since, placeholder: "2h, 7d, 2026-11-24 or 2026-11-24T10:00:00Z", validate: Self.checkTime),
                .text("until", label: "Until", text: until, placeholder: "empty: up to now", validate: Self.checkTime),
                .text("token", label: "Token", text: tokenName, placeholder: "a management token's name; empty: any"),
                .choice("kind", label: "Kind", options: kinds, selected: kinds.firstIndex(of: kind) ?? 0),
                .choice("container", label: "Container", options: containers, selected: thisContainerOnly && container != nil ? 1 : 0),
            ],
            hint: "Tab next   ←/→ change a choice   Enter on the last applies   Esc cancels", width: 76)
    }

    /// The criteria the dialog's submitted `values` describe.
    init(values: [String: String]) {
        let trimmed = { (id: String) in values[id, default: ""].trimmingCharacters(in: .whitespaces) }
        self.init(
            since: trimmed("since"), until: trimmed("until"), tokenName: trimmed("token"),
            kind: values["kind"] == Self.everyKind ? "" : values["kind", default: ""],
            thisContainerOnly: values["container"].map { $0 != Self.everyContainer } ?? false)
    }

    /// Why `text` is not a time the filter can take; `nil` when it is one, or empty.
    @Sendable private static func checkTime(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty || AuditTime.date(from: text) != nil ? nil : "not a time: 2h, 7d, 2026-11-24 or 2026-11-24T10:00:00Z"
    }
}
