import TerminalKit

/// Two versions of a text as one unified listing: every line of both, the ones only the old text has marked `-`
/// in `error`, the ones only the new text has marked `+` in `success`, so the difference stands out in context;
/// and a legend saying which text is which.
struct TextComparison {
    /// What the old text is (`production`).
    var oldName: String
    /// What the new text is (`development`).
    var newName: String
    /// The old text's lines.
    var old: [String]
    /// The new text's lines.
    var new: [String]

    /// A comparison of `old` with `new`, split at their line breaks.
    init(old: String, new: String, oldName: String, newName: String) {
        self.oldName = oldName
        self.newName = newName
        self.old = Self.lines(of: old)
        self.new = Self.lines(of: new)
    }

    /// The legend, in pieces of their own colour: `- production  + development  1 line only in production, 2 only
    /// in development`.
    var legend: [ColoredText.Line] {
        let (removed, inserted) = changedLines
        let counts = removed.isEmpty && inserted.isEmpty ? "the same text: nothing differs"
            : "\(removed.count) line\(removed.count == 1 ? "" : "s") only in \(oldName), \(inserted.count) only in \(newName)"
        return [ColoredText.Line("- \(oldName)", .error), ColoredText.Line("  + \(newName)", .success), ColoredText.Line("  \(counts)", .muted)]
    }

    /// The listing: the lines of both texts in order.
    var lines: [ColoredText.Line] {
        let (removed, inserted) = changedLines
        var listing: [ColoredText.Line] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if removed.contains(oldIndex), oldIndex < old.count {
                listing.append(ColoredText.Line("- " + old[oldIndex], .error, isChange: true))
                oldIndex += 1
            } else if inserted.contains(newIndex) || oldIndex >= old.count {
                listing.append(ColoredText.Line("+ " + new[newIndex], .success, isChange: true))
                newIndex += 1
            } else {
                listing.append(ColoredText.Line("  " + old[oldIndex]))
                oldIndex += 1
                newIndex += 1
            }
        }
        return listing
    }

    /// The offsets of the lines only the old text has, and of those only the new one has.
    private var changedLines: (removed: Set<Int>, inserted: Set<Int>) {
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        return (removed, inserted)
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
