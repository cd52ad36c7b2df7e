/// A key press as the application sees it, decoded from what the terminal sent.
public enum Key: Hashable, Sendable {
    /// A printable character, typed as is (shifted letters arrive as upper case).
    case character(Character)
    /// A character typed with Ctrl held: `.control("c")` for Ctrl-C (raw mode makes it a key, not a signal).
    case control(Character)
    /// A key typed with Alt (or after a quick Esc): `.alt(.character("x"))`.
    indirect case alt(Key)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case insert, delete, backspace
    case enter, tab, backTab, escape
    /// A function key, F1 to F24.
    case function(Int)

    /// How the help overlay and the hint bar write the key: `j`, `Ctrl-C`, `Alt-x`, `↑`, `PgDn`, `F5`.
    public var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let character): "Ctrl-\(character.uppercased())"
        case .alt(let key): "Alt-\(key.name)"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Ins"
        case .delete: "Del"
        case .backspace: "Backspace"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .escape: "Esc"
        case .function(let number): "F\(number)"
        }
    }
}

/// Something the terminal reports: a key press, or a new size after the window was resized.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The window now has this size.
    case resize(Size)
    /// The terminal went away (its window closed, the connection dropped): nothing can be read or shown any more.
    case hangup
}
