import Foundation

/// A time as people write it to narrow the audit log (`ckdash audit --since`, the dashboard's audit filter): an
/// ISO 8601 instant (`2026-11-24T10:00:00Z`), a day (`2026-11-24`, midnight UTC), or a time ago (`90s`, `30m`,
/// `2h`, `7d`). One reading for the command line and the dashboard, so both accept the same forms.
public enum AuditTime {
    /// The time `text` names, or `nil` when it is none of the forms this type reads.
    /// - Parameters:
    ///   - text: What was typed.
    ///   - now: The time a time ago is counted back from.
    public static func date(from text: String, now: Date = Date()) -> Date? {
        if let seconds = seconds(in: text) {
            return now.addingTimeInterval(-seconds)
        }
        if let instant = ISO8601DateFormatter().date(from: text) {
            return instant
        }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }

    /// The time `text` names in milliseconds since 1970, as `ManagementAudit.Filter` takes it; `nil` when it is
    /// none of the forms this type reads.
    /// - Parameters:
    ///   - text: What was typed.
    ///   - now: The time a time ago is counted back from.
    public static func milliseconds(from text: String, now: Date = Date()) -> Int64? {
        date(from: text, now: now).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    /// The forms this type reads, for messages.
    public static let readableForms = "an ISO 8601 time (2026-11-24T10:00:00Z), a day (2026-11-24) or a time ago (30m, 2h, 7d)"

    /// The seconds a length of time such as `90s`, `30m`, `2h` or `7d` names, or `nil` when `text` is none.
    public static func seconds(in text: String) -> Double? {
        guard let unit = text.last, let seconds = secondsPerUnit[unit], let count = Int(text.dropLast()), count >= 0 else { return nil }
        return Double(count) * seconds
    }

    private static let secondsPerUnit: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
}
