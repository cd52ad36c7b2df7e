/// A one-line text input with the editing keys of a shell prompt, scrolling sideways when the text is longer
/// than the field; Enter submits and Esc cancels.
///
/// Keys: characters insert at the cursor; ←/→ (Ctrl-B/Ctrl-F) move, Alt-b/Alt-f by word; Home/End and
/// Ctrl-A/Ctrl-E go to the ends; Backspace and Delete (Ctrl-H, Ctrl-D) remove a character; Ctrl-W removes the
/// word before the cursor, Ctrl-U everything before it, Ctrl-K everything after it; ↑/↓ browse the history
/// when the field has one.
public struct TextField: Hashable, Sendable {
    /// What a key did to a text field.
    public enum Outcome: Hashable, Sendable {
        /// The key is not the field's.
        case ignored
        /// The cursor moved or nothing changed.
        case consumed
        /// The text changed.
        case edited
        /// Enter was pressed with this text.
        case submitted(String)
        /// Esc was pressed.
        case cancelled
    }

    /// The characters typed.
    var characters: [Character]
    /// The cursor, as the number of characters before it.
    public internal(set) var cursor: Int
    /// What the empty field shows, in the `muted` style.
    public var placeholder: String
    /// Earlier submissions, browsed with ↑ and ↓; `nil` for a field without history.
    public var history: InputHistory?
    /// The first display column shown, after scrolling right.
    var scrollColumn = 0

    /// A field holding `text` with the cursor at its end.
    public init(text: String = "", placeholder: String = "", history: InputHistory? = nil) {
        characters = Array(text)
        cursor = characters.count
        self.placeholder = placeholder
        self.history = history
    }

    /// The text; setting it puts the cursor at the end.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
        }
    }

    /// Edits the text, moves the cursor, browses the history, or submits or cancels.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter:
            let submitted = text
            history?.record(submitted)
            return .submitted(submitted)
        case .escape:
            return .cancelled
        case .up, .down:
            return browseHistory(older: key == .up)
        default:
            if let outcome = edit(key) {
                history?.stopBrowsing()
                return outcome
            }
            return moveCursor(key) ? .consumed : .ignored
        }
    }

    private mutating func browseHistory(older: Bool) -> Outcome {
        guard var browsed = history else { return .ignored }
        let entry = older ? browsed.older(than: text) : browsed.newer()
        history = browsed
        guard let entry else { return .consumed }
        text = entry
        return .edited
    }
}
