extension TextField {
    /// Applies an editing key, returning `nil` when `key` does not edit.
    mutating func edit(_ key: Key) -> Outcome? {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace, .control("h"):
            guard cursor > 0 else { return .consumed }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return .consumed }
            characters.remove(at: cursor)
        case .control("w"):
            let start = wordStart(before: cursor)
            guard start < cursor else { return .consumed }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("u"):
            guard cursor > 0 else { return .consumed }
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            guard cursor < characters.count else { return .consumed }
            characters.removeSubrange(cursor...)
        default:
            return nil
        }
        return .edited
    }

    /// Moves the cursor for a movement key; returns whether `key` was one.
    mutating func moveCursor(_ key: Key) -> Bool {
        switch key {
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .alt(.character("b")): cursor = wordStart(before: cursor)
        case .alt(.character("f")): cursor = wordEnd(after: cursor)
        default: return false
        }
        return true
    }

    /// Where the word before `index` starts, skipping spaces first.
    private func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where the word after `index` ends, skipping spaces first.
    private func wordEnd(after index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end].isWhitespace { end += 1 }
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        return end
    }
}
