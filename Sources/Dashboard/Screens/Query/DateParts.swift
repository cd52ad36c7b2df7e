import Foundation

/// A date typed as a day and a time of day in a time zone, as the value editor of a TIMESTAMP asks for it.
enum DateParts {
    /// `date` as a day (`2026-01-31`) and a time (`09:30`, or `09:30:15` when it has seconds) in `timeZone`.
    static func text(of date: Date, in timeZone: TimeZone) -> (day: String, time: String) {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let seconds = parts.second ?? 0
        let time = seconds == 0
            ? String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
            : String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, seconds)
        return (day, time)
    }

    /// The year, month and day of `text` written `YYYY-MM-DD`, when it is a day of the calendar.
    static func day(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// The hours, minutes and seconds of `text` written `hh:mm` or `hh:mm:ss`.
    static func time(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":").compactMap { Int($0) }
        guard (2...3).contains(parts.count), (0...23).contains(parts[0]), (0...59).contains(parts[1]) else { return nil }
        let second = parts.count == 3 ? parts[2] : 0
        guard (0...59).contains(second) else { return nil }
        return (parts[0], parts[1], second)
    }

    /// The moment `day` at `time` in `timeZone`; `nil` when either is not written as asked or the day does not
    /// exist (February 30th).
    static func date(day: String, time: String, in timeZone: TimeZone) -> Date? {
        guard let day = Self.day(day), let time = Self.time(time) else { return nil }
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute, second: time.second)
        guard let date = calendar(timeZone).date(from: components),
              calendar(timeZone).dateComponents([.day], from: date).day == day.day
        else { return nil }
        return date
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
