/// Turning a colour into one a terminal of a lower colour level can show: 24-bit → the nearest of xterm's 256 →
/// the nearest of the 16 ANSI colours → the nearest of the first 8, and nothing at all without colour.
extension TerminalColor {
    /// This colour as a terminal showing `level` can draw it, or `nil` when that terminal shows no colour (draw
    /// with attributes only). The terminal's own colour (`.default`) stays itself at every level.
    public func converted(to level: ColorLevel) -> TerminalColor? {
        if self == .default { return .default }
        switch level {
        case .monochrome: return nil
        case .direct: return self
        case .indexed256:
            if case .rgb(let red, let green, let blue) = self {
                return .indexed(ColorPalette.nearestIndex(red: red, green: green, blue: blue))
            }
            return self
        case .ansi16: return .ansi(ansiIndex(among: 16))
        case .ansi8: return .ansi(ansiIndex(among: 8))
        }
    }

    /// The red, green and blue xterm shows this colour in by default, or `nil` for the terminal's own colour.
    public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
        switch self {
        case .default: nil
        case .ansi(let index): ColorPalette.xterm(index & 15)
        case .indexed(let index): ColorPalette.xterm(index)
        case .rgb(let red, let green, let blue): (red, green, blue)
        }
    }

    /// The ANSI colour among the first `count` (8 or 16) that shows this colour best: an ANSI colour keeps its
    /// hue (bright ones lose their brightness below 16), anything else goes to the nearest by distance.
    private func ansiIndex(among count: UInt8) -> UInt8 {
        switch self {
        case .ansi(let index): return index % count
        case .indexed(let index) where index < 16: return index % count
        default:
            guard let (red, green, blue) = rgbComponents else { return 0 }
            return ColorPalette.nearest(red: red, green: green, blue: blue, among: 0..<count)
        }
    }
}
