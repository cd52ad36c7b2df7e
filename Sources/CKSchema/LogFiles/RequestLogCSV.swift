import CKModel
import Foundation

/// The request log as CSV, one row per entry under a header row: what `ckdash logs --csv` prints and the
/// dashboard's log export writes. Lists and counts go in one cell each, parts separated by `;`.
public enum RequestLogCSV {
    /// The header row's cells.
    public static let columns = [
        "time", "requestID", "container", "environment", "database", "operation", "status", "serverErrorCode", "reason", "itemErrors",
        "caller", "user", "platform", "client", "zones", "recordTypes", "operations", "recordsRead", "recordsWritten", "latencyMs",
        "bytesIn", "bytesOut", "sequence",
    ]

    /// The header row.
    public static var header: String {
        CSVFormat.row(columns)
    }

    /// `entry`'s row.
    public static func row(_ entry: RequestLogEntry) -> String {
        let time = Timestamp(millisecondsSince1970: entry.timestamp).date
        return CSVFormat.row([
            time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)), entry.requestID, entry.containerID.rawValue, entry.environment?.rawValue, entry.database?.rawValue,
            entry.operation, String(entry.status), entry.serverErrorCode, entry.reason, counts(entry.itemErrors), entry.caller?.rawValue,
            entry.userID, entry.platform, entry.client, entry.zones.joined(separator: ";"), entry.recordTypes.joined(separator: ";"),
            counts(entry.operationCounts), String(entry.recordsRead), String(entry.recordsWritten),
            String(format: "%.3f", Double(entry.latencyMicroseconds) / 1000), String(entry.bytesIn), String(entry.bytesOut),
            String(entry.sequence),
        ])
    }

    /// Counts as `name=count` parts in name order.
    private static func counts(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    }
}
