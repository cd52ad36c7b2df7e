/// A colour as a terminal can show it, from the richest to the plainest: 24-bit, one of xterm's 256, one of the
/// 16 ANSI colours, or the terminal's own default.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 ANSI colours: 0–7 normal (black, red, green, yellow, blue, magenta, cyan, white), 8–15 bright.
    case ansi(UInt8)
    /// One of xterm's 256 colours.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
}
