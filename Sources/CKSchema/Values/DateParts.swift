import CKModel
import Foundation

/// A moment written as a day and a time of day in a time zone, as the dashboard shows a TIMESTAMP
/// (`2026-12-01 10:00:00`) and its editors read one back.
public enum DateParts {
    /// `date` as `2026-01-31 09:30:00` in `timeZone`, to the second: how the dashboard shows a moment.
    public static func dateTime(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0)
    }

    /// `date` as a day (`2026-01-31`) and a time (`09:30`, or `09:30:15` when it has seconds) in `timeZone`.
    public static func text(of date: Date, in timeZone: TimeZone) -> (day: String, time: String) {
        let text = dateTime(date, in: timeZone)
        let time = text.dropFirst(11)
        return (String(text.prefix(10)), String(time.hasSuffix(":00") ? time.dropLast(3) : time))
    }

    /// `timestamp` as one text, `2026-12-01 10:00:00` in `timeZone` (with `.250` when it has milliseconds), which
    /// `timestamp(_:in:)` reads back as the same moment.
    public static func text(of timestamp: Timestamp, in timeZone: TimeZone) -> String {
        let seconds = timestamp.millisecondsSince1970.floorDivided(by: 1000)
        let text = dateTime(Date(timeIntervalSince1970: Double(seconds)), in: timeZone)
        let milliseconds = timestamp.millisecondsSince1970 - seconds * 1000
        return milliseconds == 0 ? text : text + String(format: ".%03d", milliseconds)
    }

    /// The moment written `YYYY-MM-DD hh:mm`, `YYYY-MM-DD hh:mm:ss` or `YYYY-MM-DD hh:mm:ss.fff` in `timeZone`, or
    /// `YYYY-MM-DD` alone for its midnight there. In the hour a clock goes back, a time is its first moment.
    public static func timestamp(_ text: String, in timeZone: TimeZone) -> Timestamp? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count) else { return nil }
        let (clock, fraction) = splitFraction(parts.count == 2 ? String(parts[1]) : "00:00")
        guard let milliseconds = fraction, let date = date(day: String(parts[0]), time: clock, in: timeZone) else { return nil }
        return Timestamp(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()) + milliseconds)
    }

    /// The year, month and day of `text` written `YYYY-MM-DD`, when it is a day of the calendar.
    public static func day(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2], (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return (year, month, day)
    }

    /// The hours, minutes and seconds of `text` written `hh:mm` or `hh:mm:ss`.
    public static func time(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), let hour = parts[0], let minute = parts[1], (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? parts[2] : 0
        guard let second, (0...59).contains(second) else { return nil }
        return (hour, minute, second)
    }

    /// The moment `day` at `time` in `timeZone`; `nil` when either is not written as asked or the day does not
    /// exist (February 30th).
    public static func date(day: String, time: String, in timeZone: TimeZone) -> Date? {
        guard let day = Self.day(day), let time = Self.time(time) else { return nil }
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute, second: time.second)
        guard let date = calendar(timeZone).date(from: components),
              calendar(timeZone).dateComponents([.day], from: date).day == day.day
        else { return nil }
        return date
    }

    /// `hh:mm:ss.fff` as `hh:mm:ss` and its milliseconds (0 without a fraction; `nil` for a fraction that is
    /// not one to three digits).
    private static func splitFraction(_ text: String) -> (String, Int64?) {
        guard let dot = text.firstIndex(of: ".") else { return (text, 0) }
        let digits = text[text.index(after: dot)...]
        guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else { return (text, nil) }
        let milliseconds = value * [1, 100, 10, 1][digits.count]
        return (String(text[..<dot]), milliseconds)
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

extension Int64 {
    /// The quotient rounded down, also for a negative dividend: a moment before 1970 belongs to the second before.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
