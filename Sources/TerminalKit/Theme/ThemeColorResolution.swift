/// Turns a theme file's colours into ones the terminal shows: direct colour keeps them, 256 colours take the
/// nearest xterm index, 16 and 8 the nearest ANSI colour (8 draws a bright text colour as its normal one in
/// bold), and monochrome drops colours for the role's monochrome attributes. Text whose colour lands on its own
/// background (dark grey on near-black, on 8 colours) is drawn dim in the colour that contrasts with it instead.
///
/// The ncurses backend's `TerminalColor.converted(to:)` does a similar conversion for drawing; the two belong
/// merged into one.
enum ThemeColorResolution {
    /// The style that shows `role` on a terminal of `level`.
    static func style(_ role: ThemeRoleStyle, for level: ColorLevel) -> Style {
        guard level > .monochrome else {
            return Style(attributes: role.monochromeAttributes)
        }
        var style = Style(
            foreground: color(role.foreground, for: level), background: color(role.background, for: level), attributes: role.attributes
        )
        if level == .ansi8 {
            if case .ansi(let number) = style.foreground, number >= 8 {
                style.foreground = .ansi(number - 8)
                style.attributes.insert(.bold)
            }
            style.background = eightColorBackground(role.background)
        }
        if style.foreground != .default, style.foreground == style.background {
            style.foreground = contrasting(with: style.background)
            style.attributes.remove(.bold)
            style.attributes.insert(.dim)
        }
        return style
    }

    /// White on a dark background, black on a light one.
    static func contrasting(with background: TerminalColor) -> TerminalColor {
        let lightness = background.rgbComponents.map { (Int($0.red) + Int($0.green) + Int($0.blue)) / 3 } ?? 0
        return lightness < 128 ? .ansi(7) : .ansi(0)
    }

    /// `color` as a terminal of `level` shows it; on 8 colours a text colour may still be bright here, for `style`
    /// to draw as its normal colour in bold.
    static func color(_ color: TerminalColor, for level: ColorLevel) -> TerminalColor {
        switch (color, level) {
        case (.default, _), (_, .direct), (.ansi, _), (_, .monochrome):
            return color
        case (.indexed, .indexed256):
            return color
        case (.rgb(let red, let green, let blue), .indexed256):
            return .indexed(XtermPalette.nearestIndex(to: (Int(red), Int(green), Int(blue))))
        case (.indexed(let index), .ansi16), (.indexed(let index), .ansi8):
            return index < 16 ? .ansi(index) : .ansi(XtermPalette.nearestANSI(to: XtermPalette.rgb(ofIndex: index), among: 16))
        case (.rgb(let red, let green, let blue), .ansi16), (.rgb(let red, let green, let blue), .ansi8):
            return .ansi(XtermPalette.nearestANSI(to: (Int(red), Int(green), Int(blue)), among: 16))
        }
    }

    /// A background on 8 colours, where bold cannot brighten it: the nearest of the 8, a bright one as its normal.
    static func eightColorBackground(_ color: TerminalColor) -> TerminalColor {
        switch color {
        case .default:
            .default
        case .ansi(let number):
            .ansi(number % 8)
        case .indexed(let index) where index < 16:
            .ansi(index % 8)
        case .indexed(let index):
            .ansi(XtermPalette.nearestANSI(to: XtermPalette.rgb(ofIndex: index), among: 8))
        case .rgb(let red, let green, let blue):
            .ansi(XtermPalette.nearestANSI(to: (Int(red), Int(green), Int(blue)), among: 8))
        }
    }
}
