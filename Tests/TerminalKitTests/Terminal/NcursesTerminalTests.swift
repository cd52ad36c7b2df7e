import Glibc
import Testing

@testable import TerminalKit

/// The real backend on a pseudo-terminal. ncurses is process-wide, so every test that starts it lives in this one
/// serialized suite. What was drawn is read on a thread of its own (`PseudoTerminal.readOutput`); ncurses reads
/// keys on the test's thread, each read finding its key already typed (or the hang-up there), but for ncurses's
/// own short waits: 20 and 50 ms for "nothing typed", 25 ms after a lone Esc.
@Suite("NcursesTerminal on a pseudo-terminal", .serialized)
struct NcursesTerminalTests {
    private let tableSize = Size(width: 120, height: 40)

    @Test("a presented frame's text, wide characters included, reaches the terminal")
    func presentsText() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        defer { terminal.stop() }
        #expect(terminal.size == tableSize)
        var canvas = Canvas(size: terminal.size)
        canvas.write("Containers", column: 1, row: 0, style: Style(attributes: .bold))
        canvas.write("日本語 café", column: 1, row: 2, style: .plain)
        terminal.present(canvas)
        let output = await pty.readOutput().text
        #expect(output.contains("Containers"))
        #expect(output.contains("日本語 café"))
    }

    @Test("moving the selection in a 120×40 table sends under 200 bytes; scrolling one row under 400")
    func sendsOnlyChanges() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        defer { terminal.stop() }
        terminal.present(tableFrame(firstRow: 0, selected: 3))
        let firstFrame = await pty.readOutput().count
        terminal.present(tableFrame(firstRow: 0, selected: 4))
        let selectionMove = await pty.readOutput().count
        terminal.present(tableFrame(firstRow: 1, selected: 4))
        let scroll = await pty.readOutput().count
        print("NcursesTerminal bytes at 120×40: first frame \(firstFrame), selection move \(selectionMove), scroll one row \(scroll)")
        #expect(firstFrame > 2000)
        #expect(selectionMove < 200)
        #expect(scroll < 400)
    }

    @Test("keys sent as the terminal's own sequences come back as keys")
    func readsKeys() throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        defer { terminal.stop() }
        let sequences: [(capability: String, key: Key)] = [
            ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right), ("khome", .home), ("kend", .end),
            ("kpp", .pageUp), ("knp", .pageDown), ("kich1", .insert), ("kdch1", .delete), ("kcbt", .backTab),
            ("kf1", .function(1)), ("kf12", .function(12)), ("kf24", .function(24)),
        ]
        for (capability, key) in sequences {
            pty.type(try #require(terminal.terminfoString(capability), "\(capability) missing"))
            #expect(terminal.nextEvent(timeout: .seconds(2)) == .key(key), "\(capability)")
        }
        pty.type("j\u{3}\r\u{7F}é日")
        let typed: [Key] = [.character("j"), .control("c"), .enter, .backspace, .character("é"), .character("日")]
        for key in typed {
            #expect(terminal.nextEvent(timeout: .seconds(2)) == .key(key))
        }
    }

    @Test("Esc alone is Escape after a short delay; Esc then a key is Alt with that key; nothing is nil")
    func readsEscape() throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        defer { terminal.stop() }
        #expect(terminal.nextEvent(timeout: .milliseconds(20)) == nil)
        let clock = ContinuousClock()
        pty.type("\u{1B}")
        let start = clock.now
        #expect(terminal.nextEvent(timeout: .seconds(10)) == .key(.escape))
        // ncurses waits 25 ms for a key after Esc: far less than its default second, or the wait's ten.
        #expect(clock.now - start < .milliseconds(900))
        pty.type("\u{1B}x")
        #expect(terminal.nextEvent(timeout: .seconds(2)) == .key(.alt(.character("x"))))
        pty.type("\u{1B}" + (try #require(terminal.terminfoString("kcuu1"))))
        #expect(terminal.nextEvent(timeout: .seconds(2)) == .key(.alt(.up)))
    }

    @Test("a resize comes as an event with the new size, and the next frame is drawn whole")
    func resizes() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        defer { terminal.stop() }
        terminal.present(tableFrame(firstRow: 0, selected: 0))
        _ = await pty.readOutput()
        pty.resize(to: Size(width: 100, height: 30))
        raise(SIGWINCH)
        #expect(terminal.nextEvent(timeout: .seconds(2)) == .resize(Size(width: 100, height: 30)))
        #expect(terminal.size == Size(width: 100, height: 30))
        var canvas = Canvas(size: terminal.size)
        canvas.write("after the resize", column: 0, row: 29, style: .plain)
        terminal.present(canvas)
        #expect(await pty.readOutput().text.contains("after the resize"))
    }

    @Test("stop gives the terminal back: main screen, cursor shown, line mode and echo; a second stop does nothing")
    func stopRestores() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        #expect(pty.isInLineModeWithEcho)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        terminal.present(Canvas(size: terminal.size))
        let leaveScreen = try #require(terminal.terminfoString("rmcup"))
        let showCursor = try #require(terminal.terminfoString("cnorm"))
        _ = await pty.readOutput()
        #expect(!pty.isInLineModeWithEcho)
        terminal.stop()
        let output = await pty.readOutput().text
        #expect(output.contains(leaveScreen))
        #expect(output.contains(showCursor))
        #expect(pty.isInLineModeWithEcho)
        terminal.stop()
        terminal.present(Canvas(size: tableSize))
        #expect(terminal.nextEvent(timeout: .zero) == nil)
        #expect(await pty.readOutput().isEmpty)
    }

    @Test("a terminal that hangs up says so at once, instead of reads failing in a busy loop")
    func hangUp() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
        defer { terminal.stop() }
        terminal.present(Canvas(size: terminal.size))
        _ = await pty.readOutput()
        #expect(terminal.nextEvent(timeout: .milliseconds(50)) == nil)
        pty.hangUp()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(terminal.nextEvent(timeout: .seconds(10)) == .hangup)
        // Said as soon as the read fails, not when the wait's ten seconds are over.
        #expect(clock.now - start < .seconds(5))
    }

    @Test("a terminal forgotten without stop is given back when it goes away")
    func deinitRestores() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        do {
            let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false)
            terminal.present(Canvas(size: terminal.size))
        }
        _ = await pty.readOutput()
        #expect(pty.isInLineModeWithEcho)
    }

    @Test("an unknown TERM falls back to xterm-256color instead of ending the process")
    func unknownTerminalFallsBack() throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "no-such-terminal", noColor: false)
        defer { terminal.stop() }
        #expect(terminal.terminalType == "xterm-256color")
        #expect(terminal.colorLevel == .indexed256)
    }

    @Test("a file instead of a terminal is refused with an error saying so")
    func refusesFiles() throws {
        let devNull = open("/dev/null", O_RDWR)
        defer { close(devNull) }
        #expect(throws: TerminalError.notATerminal(descriptor: devNull)) {
            try NcursesTerminal.start(input: devNull, output: devNull, term: "xterm")
        }
    }

    @Test("the colour level follows TERM: xterm 8 colours, xterm-256color 256, vt100 none")
    func colorLevels() throws {
        let expected: [(String, ColorLevel)] = [("xterm", .ansi8), ("xterm-256color", .indexed256), ("vt100", .monochrome)]
        for (term, level) in expected {
            let pty = try PseudoTerminal(size: tableSize)
            let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: term, noColor: false)
            #expect(terminal.colorLevel == level, "\(term)")
            terminal.stop()
        }
    }

    @Test("colours reach the terminal converted to what it shows: 256-colour index, ANSI on xterm")
    func colorsOnTheWire() async throws {
        var canvas = Canvas(size: tableSize)
        canvas.write("orange", column: 0, row: 0, style: Style(foreground: .rgb(red: 255, green: 135, blue: 0)))
        for (term, sequence) in [("xterm-256color", "38;5;208m"), ("xterm", "\u{1B}[33m")] {
            let pty = try PseudoTerminal(size: tableSize)
            let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: term, noColor: false)
            terminal.present(canvas)
            #expect(await pty.readOutput().text.contains(sequence), "\(term)")
            terminal.stop()
        }
    }

    @Test("NO_COLOR gives monochrome: no colour sent, selection still in reverse video")
    func noColor() async throws {
        let pty = try PseudoTerminal(size: tableSize)
        let terminal = try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: true)
        defer { terminal.stop() }
        #expect(terminal.colorLevel == .monochrome)
        var canvas = Canvas(size: tableSize)
        canvas.write("selected", column: 0, row: 0, style: Style(foreground: .indexed(208), background: .ansi(4), attributes: .reverse))
        terminal.present(canvas)
        let output = await pty.readOutput().text
        #expect(output.contains("selected"))
        #expect(output.contains("7mselected"))
        #expect(!output.contains("38;5"))
        #expect(!output.contains("\u{1B}[34m") && !output.contains("\u{1B}[44m"))
    }

    /// A records table as a dashboard draws it: a header, 38 rows of a scrolled list, the selected row reversed in
    /// theme colours, and a status line.
    private func tableFrame(firstRow: Int, selected: Int) -> Canvas {
        var canvas = Canvas(size: tableSize)
        let text = Style(foreground: .indexed(252), background: .indexed(235))
        canvas.fill(canvas.bounds, style: text)
        canvas.write(" Name                 Type        Modified              Size", column: 0, row: 0, style: Style(foreground: .indexed(75), background: .indexed(235), attributes: .bold))
        for line in 1..<39 {
            let record = firstRow + line - 1
            let style = record == selected ? Style(foreground: .indexed(16), background: .indexed(75)) : text
            canvas.fill(Rect(x: 0, y: line, width: tableSize.width, height: 1), style: style)
            canvas.write(" record-\(100_000 + record)        Item        2025-06-0\(record % 9 + 1) 12:00      \(record * 37 % 1000) KB", column: 0, row: line, style: style)
        }
        canvas.write(" :records  /filter  ? help", column: 0, row: 39, style: Style(attributes: .reverse))
        return canvas
    }
}
