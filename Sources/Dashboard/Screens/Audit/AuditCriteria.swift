import CKModel
import Foundation

/// The audit log's filters as the user wrote them: since and until in a form `AuditTime` reads (kept as typed, so
/// `2h` means two hours before each load), the management token's name, the kind of change, and whether only the
/// session's container counts.
struct AuditCriteria: Equatable {
    /// Only entries at or after this time; empty for no bound.
    var since = ""
    /// Only entries before this time; empty for no bound.
    var until = ""
    /// Only entries made with the management token of this name; empty for any.
    var tokenName = ""
    /// Only entries of this kind of change (one of `ManagementAudit.Filter.kinds`); empty for every kind.
    var kind = ""
    /// Only entries of the session's container, rather than of every container the token reaches.
    var thisContainerOnly = false

    /// The server's filter for these criteria, times counted back from `now`.
    func filter(container: ContainerID?, now: Date = Date()) -> ManagementAudit.Filter {
        ManagementAudit.Filter(
            container: thisContainerOnly ? container : nil, action: kind.isEmpty ? nil : kind, tokenName: tokenName.isEmpty ? nil : tokenName,
            since: AuditTime.milliseconds(from: since, now: now), until: AuditTime.milliseconds(from: until, now: now))
    }

    /// The filters in force, for the title: `since 2h, by ci, schema, this container`; empty when there are none.
    var summary: String {
        var parts: [String] = []
        if !since.isEmpty { parts.append("since \(since)") }
        if !until.isEmpty { parts.append("until \(until)") }
        if !tokenName.isEmpty { parts.append("by \(tokenName)") }
        if !kind.isEmpty { parts.append(kind) }
        if thisContainerOnly { parts.append("this container") }
        return parts.joined(separator: ", ")
    }
}
