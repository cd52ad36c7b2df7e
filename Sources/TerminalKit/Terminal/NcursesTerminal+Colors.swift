import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension NcursesTerminal {
    /// Whether the user asked for no colour: `NO_COLOR` set to anything but the empty string (no-color.org).
    public static var noColorRequested: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }

    /// The colour level of a terminal from what its description says (`has_colors`, `COLORS`) and `NO_COLOR`.
    static func colorLevel(hasColors: Bool, colorCount: Int, noColor: Bool) -> ColorLevel {
        guard hasColors, !noColor else { return .monochrome }
        switch colorCount {
        case (1 << 24)...: return .direct
        case 256...: return .indexed256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .monochrome
        }
    }

    /// Starts colour on the current screen unless `noColor`, and says which level it gives.
    static func startColors(noColor: Bool) -> ColorLevel {
        guard !noColor, has_colors() else { return .monochrome }
        start_color()
        use_default_colors()
        return colorLevel(hasColors: true, colorCount: Int(cncurses_colors()), noColor: false)
    }

    /// The complex character ncurses draws for `cell`: its text (a character and up to four combining marks) in
    /// the cell's attributes and colour pair.
    func complexCharacter(for cell: Cell) -> cchar_t {
        var character = cchar_t()
        let pair = colorPairs.pair(for: cell.style)
        let attributes = NcursesColorPairs.attributes(of: cell.style.attributes)
        var text = cell.text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
        text.append(0)
        _ = cncurses_setcchar(&character, text, attributes, pair)
        return character
    }
}
