import Testing
import TerminalKit

@Suite("Theme colours on terminals with fewer colours")
struct ThemeColorResolutionTests {
    @Test("direct colour keeps every colour as written")
    func directKeepsColours() {
        let style = resolvedText(.rgb(red: 0x12, green: 0x34, blue: 0x56), background: .indexed(208), attributes: .bold, for: .direct)
        #expect(style == Style(foreground: .rgb(red: 0x12, green: 0x34, blue: 0x56), background: .indexed(208), attributes: .bold))
    }

    @Test(
        "256 colours take the nearest xterm index",
        arguments: [
            (0xFF0000, 196), (0x005FAF, 25), (0x87AFD7, 110), (0xD0D0D0, 252), (0x1C1C1C, 234), (0x808080, 244),
            (0xFFFFFF, 231), (0x000000, 16), (0xDC322F, 166),
        ]
    )
    func twoHundredFiftySix(hex: Int, index: Int) {
        let color = TerminalColor.rgb(red: UInt8(hex >> 16), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
        #expect(resolvedText(color, for: .indexed256).foreground == .indexed(UInt8(index)))
    }

    @Test("256 colours keep xterm indexes, ANSI colours and the terminal's default")
    func twoHundredFiftySixKeepsIndexes() {
        #expect(resolvedText(.indexed(208), background: .ansi(4), for: .indexed256) == Style(foreground: .indexed(208), background: .ansi(4)))
        #expect(resolvedText(.default, for: .indexed256).foreground == .default)
    }

    @Test(
        "16 colours take the ANSI colour of the same hue, bright when light",
        arguments: [
            (0xFF5F5F, 9), (0xD70000, 1), (0xFFAF00, 11), (0x5FD75F, 10), (0x859900, 2), (0x005FAF, 4), (0x2AA198, 6),
            (0xD33682, 5), (0x1C1C1C, 0), (0x767676, 8), (0xD0D0D0, 7), (0xFAFAFA, 15), (0x002B36, 0),
        ]
    )
    func sixteen(hex: Int, ansi: Int) {
        let color = TerminalColor.rgb(red: UInt8(hex >> 16), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
        #expect(resolvedText(color, for: .ansi16).foreground == .ansi(UInt8(ansi)))
    }

    @Test("16 colours turn xterm indexes into ANSI colours")
    func sixteenFromIndexes() {
        #expect(resolvedText(.indexed(3), for: .ansi16).foreground == .ansi(3))
        #expect(resolvedText(.indexed(196), for: .ansi16).foreground == .ansi(9))
        #expect(resolvedText(.indexed(236), for: .ansi16).foreground == .ansi(0))
    }

    @Test("8 colours draw a bright text colour as its normal colour in bold")
    func eightBrightIsBold() {
        #expect(resolvedText(.rgb(red: 0xFF, green: 0x5F, blue: 0x5F), for: .ansi8) == Style(foreground: .ansi(1), attributes: .bold))
        #expect(resolvedText(.ansi(12), for: .ansi8) == Style(foreground: .ansi(4), attributes: .bold))
        #expect(resolvedText(.ansi(2), for: .ansi8) == Style(foreground: .ansi(2)))
    }

    @Test("8 colours give a background one of the 8, never a bright one")
    func eightBackgrounds() {
        #expect(resolvedText(.default, background: .ansi(9), for: .ansi8).background == .ansi(1))
        #expect(resolvedText(.default, background: .rgb(red: 0x76, green: 0x76, blue: 0x76), for: .ansi8).background == .ansi(0))
        #expect(resolvedText(.default, background: .rgb(red: 0xFA, green: 0xFA, blue: 0xFA), for: .ansi8).background == .ansi(7))
        #expect(resolvedText(.default, background: .rgb(red: 0xFF, green: 0xAF, blue: 0x00), for: .ansi8).background == .ansi(3))
        #expect(resolvedText(.default, background: .rgb(red: 0xFF, green: 0xAF, blue: 0x00), for: .ansi8).attributes == [])
    }

    @Test("text whose colour lands on its background is drawn dim in white on a dark one, in black on a light one")
    func textNeverVanishesIntoItsBackground() {
        let nearBlack = TerminalColor.rgb(red: 0x1C, green: 0x1C, blue: 0x1C)
        let darkGrey = TerminalColor.rgb(red: 0x76, green: 0x76, blue: 0x76)
        #expect(resolvedText(darkGrey, background: nearBlack, for: .ansi8) == Style(foreground: .ansi(7), background: .ansi(0), attributes: .dim))
        #expect(resolvedText(darkGrey, background: nearBlack, attributes: .bold, for: .ansi8).attributes == .dim)
        let lightGrey = TerminalColor.rgb(red: 0xD0, green: 0xD0, blue: 0xD0)
        let nearWhite = TerminalColor.rgb(red: 0xFA, green: 0xFA, blue: 0xFA)
        #expect(resolvedText(lightGrey, background: nearWhite, for: .ansi8) == Style(foreground: .ansi(0), background: .ansi(7), attributes: .dim))
        #expect(resolvedText(darkGrey, background: nearBlack, for: .ansi16) == Style(foreground: .ansi(8), background: .ansi(0)))
    }

    @Test("a terminal without colour gets the role's monochrome attributes and no colour")
    func monochrome() {
        let style = resolvedText(.rgb(red: 0xFF, green: 0, blue: 0), background: .ansi(4), attributes: .bold, for: .monochrome)
        #expect(style == Style(attributes: .underline))
    }

    @Test("a non-empty NO_COLOR means no colour, whatever the terminal shows")
    func noColor() {
        #expect(ColorLevel.direct.honouringNoColor(in: ["NO_COLOR": "1"]) == .monochrome)
        #expect(ColorLevel.ansi8.honouringNoColor(in: ["NO_COLOR": "yes"]) == .monochrome)
        #expect(ColorLevel.direct.honouringNoColor(in: ["NO_COLOR": ""]) == .direct)
        #expect(ColorLevel.indexed256.honouringNoColor(in: [:]) == .indexed256)
    }

    @Test("with NO_COLOR the default theme shows selection reversed and production bold reversed")
    func noColorTheme() {
        let level = ColorLevel.direct.honouringNoColor(in: ["NO_COLOR": "1"])
        let theme = ThemeLoader(roles: allRoles, userThemesDirectory: nil).theme(named: "default", for: level).theme
        #expect(theme.style(.selection) == Style(attributes: .reverse))
        #expect(theme.style(.environmentProduction) == Style(attributes: [.bold, .reverse]))
    }
}
