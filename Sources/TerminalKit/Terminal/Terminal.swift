import Foundation

/// A place the dashboard draws frames and reads keys from: the real terminal through ncurses
/// (`NcursesTerminal`), or memory in tests (`MemoryTerminal`). Everything above TerminalKit talks to this
/// protocol only.
///
/// A terminal is used from one thread: ncurses is not thread-safe, so the run loop owns it.
///
/// ```swift
/// let terminal = try NcursesTerminal.start()
/// defer { terminal.stop() }
/// var canvas = Canvas(size: terminal.size)
/// canvas.write("Hello", column: 0, row: 0, style: .plain)
/// terminal.present(canvas)
/// let event = terminal.nextEvent(timeout: .milliseconds(100))
/// ```
public protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// The colours it can show, which the theme is resolved for.
    var colorLevel: ColorLevel { get }
    /// Shows `canvas` (of the terminal's current size), sending only the cells that changed since the last frame.
    func present(_ canvas: Canvas)
    /// The next key or resize, waiting at most `timeout` (forever when `nil`); `nil` when nothing came;
    /// `.hangup` when the terminal went away.
    func nextEvent(timeout: Duration?) -> TerminalEvent?
    /// Puts `text` on the clipboard of the terminal the user sits at (OSC 52), which also works over SSH
    /// where the terminal allows it.
    func copyToClipboard(_ text: String)
    /// Gives the terminal back as it was before the dashboard started: echo, line mode, cursor, screen.
    func stop()
}

extension Terminal {
    /// The OSC 52 sequence that puts `text` on the clipboard.
    public static func clipboardSequence(for text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}

/// How many colours a terminal shows, from none to 24-bit.
public enum ColorLevel: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// No colour: attributes only (`TERM=vt100`, or `NO_COLOR` set).
    case monochrome
    /// The 8 ANSI colours (`TERM=xterm`).
    case ansi8
    /// The 16 ANSI colours with their bright forms.
    case ansi16
    /// xterm's 256 colours.
    case indexed256
    /// Any 24-bit colour (a `*-direct` terminfo).
    case direct

    public static func < (lhs: ColorLevel, rhs: ColorLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
