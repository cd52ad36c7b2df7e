import CKModel
import Foundation

/// One audit entry in full, as Enter on the audit log shows it: when, who, what, where, and every line of the
/// change.
enum AuditEntryLines {
    /// The entry's lines: its fields, then its changes one a line.
    static func lines(of entry: ManagementAudit.Entry, display: FieldValueDisplay) -> [String] {
        [
            "Time       \(display.date(Timestamp(millisecondsSince1970: entry.timestamp).date)) (\(display.timeZone.identifier))",
            "Token      \(entry.tokenName)",
            "Kind       \(entry.action)",
            "Container  \(entry.containerID?.rawValue ?? "none (the server as a whole)")",
            "Target     \(entry.target)",
            "Entry      \(entry.sequence)",
            "",
            entry.changes.isEmpty ? "No changes recorded" : "Changes",
        ] + entry.changes.map { "  " + $0 }
    }
}
