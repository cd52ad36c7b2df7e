import CNcursesw

/// The colour pairs told to ncurses so far: a style's colours get a pair the first time they are drawn, and keep
/// it. When the terminal has no pair left (64 on `TERM=xterm`), further colour combinations are drawn in the
/// terminal's own colours, keeping their attributes.
struct NcursesColorPairs {
    /// The colours the terminal shows.
    let level: ColorLevel
    private let capacity: Int32
    private var pairs: [Colors: Int32] = [:]
    private var nextPair: Int32 = 1

    /// Colour numbers as ncurses takes them: -1 for the terminal's own colour.
    private struct Colors: Hashable {
        let foreground: Int32
        let background: Int32
    }

    /// Pairs for a terminal showing `level` with `capacity` pairs (ncurses's `COLOR_PAIRS`).
    init(level: ColorLevel, capacity: Int32) {
        self.level = level
        self.capacity = level == .monochrome ? 0 : capacity
    }

    /// The pair to draw `style` with, telling ncurses about it when it is new; 0 for the terminal's own colours.
    mutating func pair(for style: Style) -> Int32 {
        let colors = Colors(foreground: Self.colorNumber(style.foreground, level: level), background: Self.colorNumber(style.background, level: level))
        if colors.foreground == -1, colors.background == -1 { return 0 }
        if let pair = pairs[colors] { return pair }
        guard nextPair < capacity, init_extended_pair(nextPair, colors.foreground, colors.background) == OK else { return 0 }
        pairs[colors] = nextPair
        nextPair += 1
        return nextPair - 1
    }

    /// ncurses's attribute bits for `attributes`.
    static func attributes(of attributes: TextAttributes) -> attr_t {
        var bits = cncurses_attribute_normal()
        if attributes.contains(.bold) { bits |= cncurses_attribute_bold() }
        if attributes.contains(.dim) { bits |= cncurses_attribute_dim() }
        if attributes.contains(.reverse) { bits |= cncurses_attribute_reverse() }
        if attributes.contains(.underline) { bits |= cncurses_attribute_underline() }
        if attributes.contains(.italic) { bits |= cncurses_attribute_italic() }
        return bits
    }

    /// The ncurses colour number of `color` on a terminal showing `level`: -1 for the terminal's own colour (and
    /// for any colour without colour support), the palette index up to 256 colours, and on a `*-direct`
    /// terminal the packed 24-bit value, except the 8 ANSI colours, which such a terminal keeps as numbers 0–7.
    static func colorNumber(_ color: TerminalColor, level: ColorLevel) -> Int32 {
        switch color.converted(to: level) {
        case nil, .default?: return -1
        case .ansi(let index)?:
            return level == .direct && index >= 8 ? packed(color) : Int32(index)
        case .indexed(let index)?:
            return level == .direct ? packed(color) : Int32(index)
        case .rgb?:
            return packed(color)
        }
    }

    /// A colour packed as 0xRRGGBB; values below 8 become 8, since a direct terminal reads those as ANSI colours.
    private static func packed(_ color: TerminalColor) -> Int32 {
        guard let (red, green, blue) = color.rgbComponents else { return -1 }
        return max(8, Int32(red) << 16 | Int32(green) << 8 | Int32(blue))
    }
}
