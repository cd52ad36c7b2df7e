import CKModel
import Foundation
import TerminalKit

/// Request log entries as the `:logs` table shows them, newest first, a cell per `LogColumn` shown, and the short
/// forms of their database, caller and status.
enum LogRows {
    /// One row per entry with a cell per column of `columns`, times in `display`'s time zone.
    static func rows(_ entries: [RequestLogEntry], columns: [LogColumn] = LogColumn.standard, display: FieldValueDisplay) -> TableRows {
        TableRows(entries.map { entry in columns.map { $0.cell(entry, display: display) } })
    }

    /// `dev/private` or `prod/public`: short enough for the table; the entry in full says `development`.
    static func database(of entry: RequestLogEntry) -> String {
        [entry.environment.map { $0 == .production ? "prod" : "dev" }, entry.database?.rawValue].compactMap { $0 }.joined(separator: "/")
    }

    /// The caller's kind in a word: `anyone`, `user`, `key`, `token`.
    static func caller(of entry: RequestLogEntry) -> String {
        switch entry.caller {
        case .anyone?: "anyone"
        case .user?: "user"
        case .serverKey?: "key"
        case .managementToken?: "token"
        case nil: "—"
        }
    }

    /// The error code, or the status with the failed items by code (`200 CONFLICT×2`).
    static func status(of entry: RequestLogEntry) -> String {
        let items = entry.itemErrors.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }
        return ([entry.serverErrorCode ?? String(entry.status)] + items).joined(separator: " ")
    }

    /// What the `/` filter matches: the operation, status, caller, user, platform, client, zones and record types.
    static func filterText(of entry: RequestLogEntry) -> String {
        ([entry.operation, status(of: entry), entry.caller?.rawValue ?? "", entry.userID ?? "", entry.platform ?? "", entry.client ?? ""]
            + entry.zones + entry.recordTypes).joined(separator: " ")
    }
}
