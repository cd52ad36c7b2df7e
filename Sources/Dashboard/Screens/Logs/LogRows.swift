import CKModel
import Foundation
import TerminalKit

/// Request log entries as the `:logs` table shows them, newest first: when, the operation, the database, the
/// status (the error, or the failed items by code), the caller, the user, the platform, records and latency.
enum LogRows {
    /// The table's columns.
    static let columns = [
        TableColumn("TIME", width: .fixed(8)),
        TableColumn("OPERATION", width: .flexible(minimum: 14)),
        TableColumn("DATABASE", width: .fixed(12)),
        TableColumn("STATUS", width: .flexible(minimum: 6, weight: 2)),
        TableColumn("CALLER", width: .fixed(6)),
        TableColumn("USER", width: .flexible(minimum: 6)),
        TableColumn("PLATFORM", width: .fixed(8)),
        TableColumn("RECORDS", width: .fixed(8)),
        TableColumn("LATENCY", width: .fixed(8)),
    ]

    /// One row per entry, times in `display`'s time zone.
    static func rows(_ entries: [RequestLogEntry], display: FieldValueDisplay) -> TableRows {
        TableRows(entries.map { entry in
            [
                TableCell(display.time(Timestamp(millisecondsSince1970: entry.timestamp).date), role: .muted), TableCell(entry.operation),
                TableCell(database(of: entry), role: .muted), TableCell(status(of: entry), role: entry.failed ? .error : nil),
                TableCell(caller(of: entry), role: .muted), TableCell(entry.userID ?? "—", role: entry.userID == nil ? .muted : nil),
                TableCell(entry.platform ?? "—", role: .muted), TableCell("\(entry.recordsRead)r \(entry.recordsWritten)w", role: .muted),
                TableCell(String(format: "%.1fms", Double(entry.latencyMicroseconds) / 1000)),
            ]
        })
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
