import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, drawn through ncursesw: keys in raw mode (Ctrl-C is a key), the alternate screen, colours
/// as far as the terminal shows them, and only the cells that changed sent on each frame.
///
/// The terminal is given back as it was on every way out: `stop()`, deinitialisation, and SIGTERM, SIGHUP or
/// SIGINT (after which the process exits with 128 + the signal). ncurses is process-wide and not thread-safe:
/// run one `NcursesTerminal` at a time, from one thread.
///
/// ```swift
/// let terminal = try NcursesTerminal.start()
/// defer { terminal.stop() }
/// ```
public final class NcursesTerminal: Terminal {
    /// The colours this terminal shows, after `NO_COLOR`.
    public let colorLevel: ColorLevel
    /// The terminal description in use: the requested one, or the fallback loaded when it was unknown.
    public let terminalType: String
    /// Whether `stop()` gave the terminal back.
    public private(set) var isStopped = false

    let window: UnsafeMutablePointer<WINDOW>
    var colorPairs: NcursesColorPairs
    /// The frame on screen, to send only what changed; `nil` when the next frame must be drawn whole.
    var shownFrame: Canvas?
    private let opened: NcursesStartup.OpenedScreen

    /// Starts on the process's own terminal (standard input and output).
    /// - Parameters:
    ///   - term: The terminal description to load; `TERM` when `nil`. Unknown ones fall back to plainer ones.
    ///   - noColor: Draws with attributes only; by default when `NO_COLOR` is set.
    public static func start(term: String? = nil, noColor: Bool = noColorRequested) throws(TerminalError) -> NcursesTerminal {
        try start(input: STDIN_FILENO, output: STDOUT_FILENO, term: term, noColor: noColor)
    }

    /// Starts on the terminal behind the given file descriptors, such as a pseudo-terminal; the descriptors stay
    /// the caller's (they are duplicated, not taken).
    /// - Parameters:
    ///   - input: The descriptor keys are read from.
    ///   - output: The descriptor frames are written to.
    ///   - term: The terminal description to load; `TERM` when `nil`. Unknown ones fall back to plainer ones.
    ///   - noColor: Draws with attributes only; by default when `NO_COLOR` is set.
    public static func start(input: Int32, output: Int32, term: String? = nil, noColor: Bool = noColorRequested) throws(TerminalError) -> NcursesTerminal {
        NcursesStartup.useUTF8Locale()
        NcursesSignalHandling.install(output: output)
        let opened: NcursesStartup.OpenedScreen
        do {
            opened = try NcursesStartup.open(input: input, output: output, preferredType: term ?? getenv("TERM").map { String(cString: $0) })
        } catch {
            NcursesSignalHandling.uninstall()
            throw error
        }
        return NcursesTerminal(opened: opened, noColor: noColor)
    }

    private init(opened: NcursesStartup.OpenedScreen, noColor: Bool) {
        self.opened = opened
        terminalType = opened.terminalType
        set_term(opened.screen)
        window = cncurses_stdscr()
        colorLevel = Self.startColors(noColor: noColor)
        colorPairs = NcursesColorPairs(level: colorLevel, capacity: cncurses_color_pairs())
        raw()
        noecho()
        nonl()
        meta(window, true)
        keypad(window, true)
        leaveok(window, true)
        curs_set(0)
        set_escdelay(25)
        NcursesSignalHandling.prepare(restoreSequence: Self.restoreSequence())
    }

    deinit {
        stop()
    }

    /// The current size in cells.
    public var size: Size {
        Size(width: Int(cncurses_width(window)), height: Int(cncurses_height(window)))
    }

    /// Shows `canvas`, writing only the cells that differ from the frame on screen, then sending the changes in
    /// one update; after a resize (or a canvas of another size) the screen is cleared and drawn whole.
    public func present(_ canvas: Canvas) {
        guard !isStopped else { return }
        let visible = canvas.bounds.intersection(Rect(size: size))
        let previous = shownFrame.flatMap { $0.size == canvas.size ? $0 : nil }
        if previous == nil { wclear(window) }
        for row in visible.y..<visible.maxY {
            for column in visible.x..<visible.maxX {
                let cell = canvas[column, row]
                if cell.isContinuation || previous?[column, row] == cell { continue }
                var character = complexCharacter(for: cell)
                mvwadd_wch(window, Int32(row), Int32(column), &character)
            }
        }
        wnoutrefresh(window)
        doupdate()
        shownFrame = canvas
    }

    /// Sends the OSC 52 sequence straight to the terminal, after ncurses' own output.
    public func copyToClipboard(_ text: String) {
        guard !isStopped else { return }
        fflush(opened.output)
        fputs(Self.clipboardSequence(for: text), opened.output)
        fflush(opened.output)
    }

    /// Gives the terminal back: cursor shown, attributes off, main screen and terminal modes restored. Calling
    /// it again does nothing.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        set_term(opened.screen)
        curs_set(1)
        endwin()
        delscreen(opened.screen)
        fclose(opened.input)
        fclose(opened.output)
        NcursesSignalHandling.uninstall()
    }

    /// The descriptor keys are read from.
    var inputDescriptor: Int32 { fileno(opened.input) }

    /// A string capability of the terminal's description (`kcuu1`, `rmcup`), or `nil` when it has none.
    func terminfoString(_ name: String) -> String? {
        cncurses_terminfo_string(name).map { String(cString: $0) }
    }

    /// What a signal handler writes to give the terminal back without calling ncurses.
    private static func restoreSequence() -> [UInt8] {
        let capabilities: [String] = ["sgr0", "cnorm", "rmkx", "rmcup"]
        return capabilities.flatMap { name in
            cncurses_terminfo_string(name).map { Array(String(cString: $0).utf8) } ?? []
        }
    }
}
