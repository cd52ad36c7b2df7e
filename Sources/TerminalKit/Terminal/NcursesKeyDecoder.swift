import CNcursesw

/// What one `wget_wch` call read: a character (its Unicode value), or a key code such as `KEY_UP`.
enum NcursesInput: Hashable, Sendable {
    /// A character, printable or a control character such as 3 for Ctrl-C.
    case character(UInt32)
    /// One of ncurses's `KEY_*` codes, read from a terminfo key sequence.
    case keyCode(Int32)
}

/// Turns what ncurses read into keys, without calling ncurses, so that the mapping is testable.
enum NcursesKeyDecoder {
    /// The key `input` stands for, or `nil` for one the dashboard does not use (a mouse report, an unmapped key).
    static func key(for input: NcursesInput) -> Key? {
        switch input {
        case .character(let value): key(forCharacter: value)
        case .keyCode(let code): key(forCode: code)
        }
    }

    private static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 13, 10: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 0: return .control("@")
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))
        case 28...31: return .control(Character(Unicode.Scalar(UInt8(value) + 64)))
        case 128..<160: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    private static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME, KEY_FIND: .home
        case KEY_END, KEY_SELECT: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_IC: .insert
        case KEY_DC: .delete
        case KEY_BACKSPACE: .backspace
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case (KEY_F0 + 1)...(KEY_F0 + 24): .function(Int(code - KEY_F0))
        default: nil
        }
    }
}
