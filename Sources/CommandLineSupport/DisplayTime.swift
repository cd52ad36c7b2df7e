import Foundation

/// Times as commands print and read them: printed in UTC, to the second, in ISO 8601 (`2026-11-24T10:00:00Z`);
/// read as that, as a day (`2026-11-24`, midnight UTC), or as a time ago (`90s`, `30m`, `2h`, `7d`).
public enum DisplayTime {
    /// A timestamp in milliseconds since 1970.
    public static func text(milliseconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// The time `text` names, or `nil` when it is none of the forms this type reads.
    /// - Parameter now: The time a time ago is counted back from.
    public static func date(from text: String, now: Date = Date()) -> Date? {
        if let unit = text.last, let seconds = secondsPerUnit[unit], let count = Int(text.dropLast()), count >= 0 {
            return now.addingTimeInterval(-Double(count) * seconds)
        }
        if let instant = ISO8601DateFormatter().date(from: text) {
            return instant
        }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }

    /// The forms `date(from:now:)` reads, for messages.
    public static let readableForms = "an ISO 8601 time (2026-11-24T10:00:00Z), a day (2026-11-24) or a time ago (30m, 2h, 7d)"

    private static let secondsPerUnit: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
}
