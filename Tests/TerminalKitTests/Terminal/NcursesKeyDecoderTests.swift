import CNcursesw
import Testing

@testable import TerminalKit

@Suite("Key decoding: what ncurses read becomes the key the user pressed")
struct NcursesKeyDecoderTests {
    @Test("control characters: Ctrl letters, both Enters, Tab, both Backspaces, Esc")
    func controlCharacters() {
        let expected: [UInt32: Key] = [
            3: .control("c"), 1: .control("a"), 23: .control("w"), 21: .control("u"), 6: .control("f"),
            13: .enter, 10: .enter, 9: .tab, 127: .backspace, 8: .backspace, 27: .escape, 0: .control("@"),
        ]
        for (value, key) in expected {
            #expect(NcursesKeyDecoder.key(for: .character(value)) == key, "character \(value)")
        }
    }

    @Test("printable characters arrive as typed, including accented, wide and emoji ones")
    func printableCharacters() {
        for character: Character in ["j", "G", ":", " ", "é", "日", "👍"] {
            #expect(NcursesKeyDecoder.key(for: .character(character.unicodeScalars.first!.value)) == .character(character))
        }
        #expect(NcursesKeyDecoder.key(for: .character(0x9B)) == nil)
    }

    @Test("key codes: arrows, Home/End, pages, Insert/Delete, Backspace, Enter, Shift-Tab")
    func keyCodes() {
        let expected: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_HOME: .home, KEY_END: .end,
            KEY_FIND: .home, KEY_SELECT: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_IC: .insert,
            KEY_DC: .delete, KEY_BACKSPACE: .backspace, KEY_ENTER: .enter, KEY_BTAB: .backTab,
        ]
        for (code, key) in expected {
            #expect(NcursesKeyDecoder.key(for: .keyCode(code)) == key, "key code \(code)")
        }
    }

    @Test("function keys F1 to F24, and nothing for codes the dashboard does not use")
    func functionKeys() {
        for number in 1...24 {
            #expect(NcursesKeyDecoder.key(for: .keyCode(KEY_F0 + Int32(number))) == .function(number))
        }
        #expect(NcursesKeyDecoder.key(for: .keyCode(KEY_F0)) == nil)
        #expect(NcursesKeyDecoder.key(for: .keyCode(KEY_F0 + 25)) == nil)
        #expect(NcursesKeyDecoder.key(for: .keyCode(KEY_MOUSE)) == nil)
    }

    @Test("timeouts become ncurses milliseconds, rounded up; no timeout waits forever")
    func timeouts() {
        #expect(NcursesTerminal.milliseconds(nil) == -1)
        #expect(NcursesTerminal.milliseconds(.zero) == 0)
        #expect(NcursesTerminal.milliseconds(.microseconds(1500)) == 2)
        #expect(NcursesTerminal.milliseconds(.seconds(2)) == 2000)
    }
}
