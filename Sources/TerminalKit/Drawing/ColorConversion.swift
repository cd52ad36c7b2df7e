/// Turning a colour into one a terminal of a lower colour level can show, by the same rules the theme resolves
/// its colours with (`ThemeColorResolution`): 24-bit → the nearest of xterm's 256 → the ANSI colour of the same
/// hue and lightness → one of the first 8, and nothing at all without colour.
extension TerminalColor {
    /// This colour as a terminal showing `level` can draw it, or `nil` when that terminal shows no colour (draw
    /// with attributes only). The terminal's own colour (`.default`) stays itself at every level.
    public func converted(to level: ColorLevel) -> TerminalColor? {
        switch (self, level) {
        case (.default, _): .default
        case (_, .monochrome): nil
        case (_, .ansi8):
            if case .ansi(let index) = ThemeColorResolution.color(self, for: level) { .ansi(index % 8) } else { .ansi(0) }
        default: ThemeColorResolution.color(self, for: level)
        }
    }

    /// The red, green and blue xterm shows this colour in by default, or `nil` for the terminal's own colour.
    public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
        let channels: XtermPalette.RGB
        switch self {
        case .default: return nil
        case .ansi(let index): channels = XtermPalette.rgb(ofIndex: index & 15)
        case .indexed(let index): channels = XtermPalette.rgb(ofIndex: index)
        case .rgb(let red, let green, let blue): return (red, green, blue)
        }
        return (UInt8(channels.red), UInt8(channels.green), UInt8(channels.blue))
    }
}
