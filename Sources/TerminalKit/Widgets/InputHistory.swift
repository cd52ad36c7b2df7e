/// Lines submitted before, browsed with ↑ and ↓ from a text field or the command palette as in a shell:
/// ↑ goes back, ↓ comes forward and finally returns the line being typed.
public struct InputHistory: Hashable, Sendable {
    /// The lines, oldest first.
    public private(set) var entries: [String]
    /// How many lines are kept.
    public let limit: Int
    private var index: Int?
    private var draft = ""

    /// A history of `entries` (oldest first) keeping at most `limit` lines.
    public init(entries: [String] = [], limit: Int = 100) {
        self.limit = max(1, limit)
        self.entries = Array(entries.suffix(self.limit))
    }

    /// Whether ↑ has been pressed since the last edit, so the field shows an entry.
    public var isBrowsing: Bool { index != nil }

    /// The entry shown while browsing.
    public var current: String? { index.map { entries[$0] } }

    /// Adds a submitted line (not an empty one, nor a repeat of the last) and stops browsing.
    public mutating func record(_ line: String) {
        index = nil
        guard !line.isEmpty, entries.last != line else { return }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// The entry before the one shown, remembering `typed` as the line to come back to; `nil` at the oldest.
    public mutating func older(than typed: String) -> String? {
        guard !entries.isEmpty else { return nil }
        guard let index else {
            draft = typed
            self.index = entries.count - 1
            return entries[entries.count - 1]
        }
        guard index > 0 else { return nil }
        self.index = index - 1
        return entries[index - 1]
    }

    /// The entry after the one shown, or the line that was being typed after the newest; `nil` when not browsing.
    public mutating func newer() -> String? {
        guard let index else { return nil }
        if index + 1 < entries.count {
            self.index = index + 1
            return entries[index + 1]
        }
        self.index = nil
        return draft
    }

    /// Stops browsing, after the line was edited.
    public mutating func stopBrowsing() {
        index = nil
    }
}
