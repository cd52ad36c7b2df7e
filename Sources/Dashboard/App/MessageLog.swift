import Foundation
import TerminalKit

/// Every message the status line showed this session, with when: what `:messages` lists in full, since the status
/// line cuts a long message at the terminal's edge. The newest `capacity` are kept; a message repeated at once
/// is kept once, at its last time.
struct MessageLog {
    /// The most messages kept.
    static let capacity = 200

    /// The messages, oldest first.
    private(set) var entries: [(time: Date, message: StatusMessage)] = []

    /// Keeps `message`, shown at `time`.
    mutating func record(_ message: StatusMessage, at time: Date = Date()) {
        if entries.last?.message == message { entries.removeLast() }
        entries.append((time, message))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// The messages newest first, each as `09:30:00 ✗ text` wrapped to `width` columns under its text.
    func lines(width: Int, display: FieldValueDisplay) -> [String] {
        guard !entries.isEmpty else { return ["No messages yet in this session."] }
        let indent = String(repeating: " ", count: 11)
        return entries.reversed().flatMap { time, message in
            let wrapped = TextWrapping.lines(of: message.text, width: max(1, width - indent.count))
            return wrapped.enumerated().map { index, line in
                index == 0 ? "\(display.time(time)) \(Self.mark(message.kind)) \(line)" : indent + line
            }
        }
    }

    private static func mark(_ kind: StatusMessage.Kind) -> String {
        switch kind {
        case .info: "·"
        case .success: "✓"
        case .warning: "⚠"
        case .error: "✗"
        }
    }
}
