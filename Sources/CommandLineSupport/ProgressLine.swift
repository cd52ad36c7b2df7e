import Foundation

/// A progress line for long work on a terminal, such as `12,400 of 50,000 records · 8,210/s · 5s left`,
/// redrawn in place on standard error at most ten times a second. When standard error is not a terminal
/// (piped, or in CI) it writes nothing, so scripts see only the command's output.
public final class ProgressLine: @unchecked Sendable {
    private let noun: String
    private let total: Int?
    private let isEnabled: Bool
    private let started = Date()
    private var lastDrawn = Date.distantPast
    private var done = 0
    private let lock = NSLock()

    /// Starts a progress line counting `noun` (plural) out of `total` when known.
    public init(counting noun: String, total: Int? = nil, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.noun = noun
        self.total = total
        self.isEnabled = enabled
    }

    /// Adds `count` finished items and redraws the line if it is time to.
    public func advance(by count: Int) {
        lock.withLock {
            done += count
            let now = Date()
            guard isEnabled, now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
            lastDrawn = now
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + Self.describe(done: done, total: total, noun: noun, elapsed: now.timeIntervalSince(started))).utf8))
        }
    }

    /// Clears the line, leaving the terminal as it was.
    public func finish() {
        lock.withLock {
            guard isEnabled else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        }
    }

    /// The line's text: the count, the rate, and the time left when the total is known.
    public static func describe(done: Int, total: Int?, noun: String, elapsed: TimeInterval) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var parts = [total.map { "\(grouped(done)) of \(grouped($0)) \(noun)" } ?? "\(grouped(done)) \(noun)"]
        parts.append("\(grouped(Int(rate.rounded())))/s")
        if let total, rate > 0, total > done {
            parts.append("\(Int((Double(total - done) / rate).rounded(.up)))s left")
        }
        return parts.joined(separator: " · ")
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
