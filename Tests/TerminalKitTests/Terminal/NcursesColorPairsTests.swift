import Testing

@testable import TerminalKit

@Suite("Colour numbers and levels: what ncurses is told for each terminal")
struct NcursesColorPairsTests {
    @Test("the colour level follows the number of colours, and NO_COLOR or no colour support gives monochrome")
    func colorLevels() {
        #expect(NcursesTerminal.colorLevel(hasColors: true, colorCount: 1 << 24, noColor: false) == .direct)
        #expect(NcursesTerminal.colorLevel(hasColors: true, colorCount: 256, noColor: false) == .indexed256)
        #expect(NcursesTerminal.colorLevel(hasColors: true, colorCount: 88, noColor: false) == .ansi16)
        #expect(NcursesTerminal.colorLevel(hasColors: true, colorCount: 16, noColor: false) == .ansi16)
        #expect(NcursesTerminal.colorLevel(hasColors: true, colorCount: 8, noColor: false) == .ansi8)
        #expect(NcursesTerminal.colorLevel(hasColors: false, colorCount: 0, noColor: false) == .monochrome)
        #expect(NcursesTerminal.colorLevel(hasColors: true, colorCount: 256, noColor: true) == .monochrome)
    }

    @Test("palette terminals get palette indices; the terminal's own colour is -1 everywhere")
    func paletteNumbers() {
        #expect(NcursesColorPairs.colorNumber(.default, level: .indexed256) == -1)
        #expect(NcursesColorPairs.colorNumber(.indexed(208), level: .indexed256) == 208)
        #expect(NcursesColorPairs.colorNumber(.rgb(red: 255, green: 135, blue: 0), level: .indexed256) == 208)
        #expect(NcursesColorPairs.colorNumber(.ansi(9), level: .ansi16) == 9)
        #expect(NcursesColorPairs.colorNumber(.ansi(9), level: .ansi8) == 1)
        #expect(NcursesColorPairs.colorNumber(.rgb(red: 255, green: 0, blue: 0), level: .monochrome) == -1)
    }

    @Test("a direct-colour terminal gets packed RGB, except the 8 ANSI colours, which it keeps as 0–7")
    func directNumbers() {
        #expect(NcursesColorPairs.colorNumber(.rgb(red: 0x12, green: 0x34, blue: 0x56), level: .direct) == 0x123456)
        #expect(NcursesColorPairs.colorNumber(.indexed(208), level: .direct) == 0xFF8700)
        #expect(NcursesColorPairs.colorNumber(.ansi(4), level: .direct) == 4)
        #expect(NcursesColorPairs.colorNumber(.ansi(12), level: .direct) == 0x5C5CFF)
        #expect(NcursesColorPairs.colorNumber(.rgb(red: 0, green: 0, blue: 0), level: .direct) == 8)
    }
}
