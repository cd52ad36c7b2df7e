import CKModel
import Foundation

/// One request log entry in full, as Enter on `:logs` shows it.
enum LogEntryLines {
    /// The entry's lines, one field a line.
    static func lines(of entry: RequestLogEntry, display: FieldValueDisplay) -> [String] {
        let counts = { (counts: [String: Int]) in counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }
        return [
            "Time        \(display.date(Timestamp(millisecondsSince1970: entry.timestamp).date)) (\(display.timeZone.identifier))",
            "Request     \(entry.requestID)",
            "Operation   \(entry.operation)",
            "Database    \([entry.environment?.rawValue, entry.database?.rawValue].compactMap { $0 }.joined(separator: ", "))",
            "Zones       \(entry.zones.isEmpty ? "—" : entry.zones.joined(separator: ", "))",
            "Types       \(entry.recordTypes.isEmpty ? "—" : entry.recordTypes.joined(separator: ", "))",
            "Names       \(entry.recordNames?.joined(separator: ", ") ?? "—")",
            "Operations  \(entry.operationCounts.isEmpty ? "—" : counts(entry.operationCounts))",
            "Records     \(entry.recordsRead) read, \(entry.recordsWritten) written",
            "Caller      \(entry.caller?.rawValue ?? "—")\(entry.userID.map { " as \($0)" } ?? "")",
            "Client      \([entry.platform, entry.client].compactMap { $0 }.joined(separator: ", ").nonEmpty ?? "—")",
            "Status      \(entry.status)\(entry.serverErrorCode.map { " \($0)" } ?? "")",
            "Reason      \(entry.reason ?? "—")",
            "Failed      \(entry.itemErrors.isEmpty ? "no items" : counts(entry.itemErrors))",
            "Latency     \(String(format: "%.2f ms", Double(entry.latencyMicroseconds) / 1000))",
            "Bytes       \(entry.bytesIn) in, \(entry.bytesOut) out",
            "Entry       \(entry.sequence)",
        ]
    }
}

extension String {
    /// The text, or `nil` when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
