import CKModel
import Foundation
import TerminalKit

/// A column the `:logs` table can show; `C` chooses which and in what order.
enum LogColumn: String, CaseIterable, Hashable {
    case time, operation, database, status, caller, user, platform, client, zones, recordTypes, records, bytes, latency, request

    /// The columns shown until the user chooses: what tells requests apart at a glance.
    static let standard: [LogColumn] = [.time, .operation, .database, .status, .caller, .user, .platform, .records, .latency]

    /// The column's header and width.
    var column: TableColumn {
        switch self {
        case .time: TableColumn("TIME", width: .fixed(8))
        case .operation: TableColumn("OPERATION", width: .flexible(minimum: 14))
        case .database: TableColumn("DATABASE", width: .fixed(12))
        case .status: TableColumn("STATUS", width: .flexible(minimum: 6, weight: 2))
        case .caller: TableColumn("CALLER", width: .fixed(6))
        case .user: TableColumn("USER", width: .flexible(minimum: 6))
        case .platform: TableColumn("PLATFORM", width: .fixed(8))
        case .client: TableColumn("CLIENT", width: .flexible(minimum: 8))
        case .zones: TableColumn("ZONES", width: .flexible(minimum: 8))
        case .recordTypes: TableColumn("TYPES", width: .flexible(minimum: 8))
        case .records: TableColumn("RECORDS", width: .fixed(8))
        case .bytes: TableColumn("BYTES IN/OUT", width: .fixed(14))
        case .latency: TableColumn("LATENCY", width: .fixed(8))
        case .request: TableColumn("REQUEST ID", width: .flexible(minimum: 10))
        }
    }

    /// The column's cell for `entry`, times in `display`'s time zone.
    func cell(_ entry: RequestLogEntry, display: FieldValueDisplay) -> TableCell {
        switch self {
        case .time: TableCell(display.time(Timestamp(millisecondsSince1970: entry.timestamp).date), role: .muted)
        case .operation: TableCell(entry.operation)
        case .database: TableCell(LogRows.database(of: entry), role: .muted)
        case .status: TableCell(LogRows.status(of: entry), role: entry.failed ? .error : nil)
        case .caller: TableCell(LogRows.caller(of: entry), role: .muted)
        case .user: TableCell(entry.userID ?? "—", role: entry.userID == nil ? .muted : nil)
        case .platform: TableCell(entry.platform ?? "—", role: .muted)
        case .client: TableCell(entry.client ?? "—", role: .muted)
        case .zones: TableCell(entry.zones.isEmpty ? "—" : entry.zones.joined(separator: ", "), role: .muted)
        case .recordTypes: TableCell(entry.recordTypes.isEmpty ? "—" : entry.recordTypes.joined(separator: ", "))
        case .records: TableCell("\(entry.recordsRead)r \(entry.recordsWritten)w", role: .muted)
        case .bytes: TableCell("\(Counting.size(entry.bytesIn)) / \(Counting.size(entry.bytesOut))", role: .muted)
        case .latency: TableCell(String(format: "%.1fms", Double(entry.latencyMicroseconds) / 1000))
        case .request: TableCell(entry.requestID, role: .muted)
        }
    }
}
