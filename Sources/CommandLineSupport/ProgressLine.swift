import Foundation

/// A progress line for long work on a terminal, such as `12,400 of 50,000 records · 8,210/s · 5s left`,
/// redrawn in place on standard error at most ten times a second. When standard error is not a terminal
/// (piped, or in CI) it writes nothing, so scripts see only the command's output.
///
/// The time left comes from the total when it is known, or else from how much of the input has been read
/// (`advance(by:fractionRead:)`), as for a file being imported.
public final class ProgressLine: @unchecked Sendable {
    private let noun: String
    private let total: Int?
    private let write: (@Sendable (String) -> Void)?
    private let clock: @Sendable () -> Date
    private let started: Date
    private var lastDrawn = Date.distantPast
    private var done = 0
    /// The first fraction reported and when, the start of the estimate from fractions.
    private var firstFraction: (fraction: Double, date: Date)?
    private let lock = NSLock()

    /// Starts a progress line counting `noun` (plural) out of `total` when known.
    /// - Parameters:
    ///   - enabled: Whether to draw at all; by default, whether standard error is a terminal.
    ///   - write: Where the line's text goes; standard error by default.
    ///   - clock: The current time; the system's by default.
    public init(
        counting noun: String, total: Int? = nil, enabled: Bool = isatty(STDERR_FILENO) == 1,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.noun = noun
        self.total = total
        self.write = enabled ? write : nil
        self.clock = clock
        self.started = clock()
    }

    /// Adds `count` finished items and redraws the line if it is time to.
    /// - Parameter fractionRead: How much of the input (0 to 1) has been read, which estimates the time left
    ///   when there is no total.
    public func advance(by count: Int, fractionRead: Double? = nil) {
        lock.withLock {
            done += count
            let now = clock()
            if let fractionRead, firstFraction == nil {
                firstFraction = (fractionRead, now)
            }
            guard let write, now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
            lastDrawn = now
            let elapsed = now.timeIntervalSince(started)
            write("\r\u{1B}[2K" + Self.describe(done: done, total: total, noun: noun, elapsed: elapsed, secondsLeft: secondsLeft(now, fractionRead)))
        }
    }

    /// Clears the line, leaving the terminal as it was: call it before printing anything else, and when the
    /// work ends. The next `advance` draws the line again.
    public func finish() {
        lock.withLock {
            write?("\r\u{1B}[2K")
            lastDrawn = .distantPast
        }
    }

    private func secondsLeft(_ now: Date, _ fraction: Double?) -> Double? {
        let elapsed = now.timeIntervalSince(started)
        if let total {
            return done > 0 && elapsed > 0 && total > done ? Double(total - done) / (Double(done) / elapsed) : nil
        }
        guard let fraction, let first = firstFraction, fraction > first.fraction, fraction < 1 else { return nil }
        return (1 - fraction) * now.timeIntervalSince(first.date) / (fraction - first.fraction)
    }

    /// The line's text: the count (of the total when known), the rate, and the time left when it is known.
    public static func describe(done: Int, total: Int?, noun: String, elapsed: TimeInterval, secondsLeft: Double?) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var parts = [total.map { "\(grouped(done)) of \(grouped($0)) \(noun)" } ?? "\(grouped(done)) \(noun)"]
        parts.append("\(grouped(Int(rate.rounded())))/s")
        if let secondsLeft {
            parts.append("\(duration(Int(secondsLeft.rounded()))) left")
        }
        return parts.joined(separator: " · ")
    }

    /// A number of seconds as `45s`, `4m 5s` or `1h 2m`.
    public static func duration(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds)s"
        case ..<3600: "\(seconds / 60)m \(seconds % 60)s"
        default: "\(seconds / 3600)h \(seconds % 3600 / 60)m"
        }
    }

    /// `12400` as `12,400`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
