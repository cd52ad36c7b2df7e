import TerminalKit
import Testing

@Suite("Colour conversion: 24-bit down to 256, 16, 8 colours and none")
struct ColorConversionTests {
    @Test("24-bit colours go to the nearest xterm cube colour or grey")
    func toIndexed() {
        #expect(TerminalColor.rgb(red: 255, green: 135, blue: 0).converted(to: .indexed256) == .indexed(208))
        #expect(TerminalColor.rgb(red: 0x1E, green: 0x1E, blue: 0x2E).converted(to: .indexed256) == .indexed(235))
        #expect(TerminalColor.rgb(red: 128, green: 128, blue: 128).converted(to: .indexed256) == .indexed(244))
        #expect(TerminalColor.rgb(red: 0, green: 0, blue: 0).converted(to: .indexed256) == .indexed(16))
        #expect(TerminalColor.ansi(3).converted(to: .indexed256) == .ansi(3))
        #expect(TerminalColor.indexed(42).converted(to: .indexed256) == .indexed(42))
    }

    @Test("down to 16 colours: palette colours keep their ANSI number, others go to the ANSI colour of their hue and lightness")
    func toAnsi16() {
        #expect(TerminalColor.rgb(red: 250, green: 10, blue: 10).converted(to: .ansi16) == .ansi(9))
        #expect(TerminalColor.rgb(red: 0, green: 0, blue: 200).converted(to: .ansi16) == .ansi(4))
        #expect(TerminalColor.indexed(208).converted(to: .ansi16) == .ansi(11), "orange is a light yellow hue")
        #expect(TerminalColor.indexed(12).converted(to: .ansi16) == .ansi(12))
        #expect(TerminalColor.indexed(240).converted(to: .ansi16) == .ansi(8))
    }

    @Test("down to 8 colours: bright colours lose their brightness, others go to the nearest of the 8")
    func toAnsi8() {
        #expect(TerminalColor.ansi(9).converted(to: .ansi8) == .ansi(1))
        #expect(TerminalColor.rgb(red: 250, green: 10, blue: 10).converted(to: .ansi8) == .ansi(1))
        #expect(TerminalColor.rgb(red: 240, green: 240, blue: 240).converted(to: .ansi8) == .ansi(7))
        #expect(TerminalColor.indexed(28).converted(to: .ansi8) == .ansi(2))
    }

    @Test("without colour nothing is shown but the terminal's own colour; direct colour keeps everything")
    func monochromeAndDirect() {
        #expect(TerminalColor.rgb(red: 1, green: 2, blue: 3).converted(to: .monochrome) == nil)
        #expect(TerminalColor.ansi(1).converted(to: .monochrome) == nil)
        #expect(TerminalColor.default.converted(to: .monochrome) == .default)
        #expect(TerminalColor.default.converted(to: .ansi8) == .default)
        #expect(TerminalColor.rgb(red: 1, green: 2, blue: 3).converted(to: .direct) == .rgb(red: 1, green: 2, blue: 3))
        #expect(TerminalColor.indexed(208).rgbComponents! == (255, 135, 0))
    }
}
