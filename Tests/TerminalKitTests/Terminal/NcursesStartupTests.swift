import Testing

@testable import TerminalKit

@Suite("Startup choices: which terminal descriptions are tried, which locales count as UTF-8")
struct NcursesStartupTests {
    @Test("TERM is tried first, then plainer descriptions, each once")
    func terminalTypes() {
        #expect(NcursesStartup.terminalTypes(preferred: "xterm-kitty") == ["xterm-kitty", "xterm-256color", "xterm", "vt100", "dumb"])
        #expect(NcursesStartup.terminalTypes(preferred: "xterm") == ["xterm", "xterm-256color", "vt100", "dumb"])
        #expect(NcursesStartup.terminalTypes(preferred: nil) == ["xterm-256color", "xterm", "vt100", "dumb"])
        #expect(NcursesStartup.terminalTypes(preferred: "") == ["xterm-256color", "xterm", "vt100", "dumb"])
    }

    @Test("codeset names spelled any way count as UTF-8; ASCII does not")
    func codesets() {
        #expect(NcursesStartup.isUTF8("UTF-8"))
        #expect(NcursesStartup.isUTF8("utf8"))
        #expect(!NcursesStartup.isUTF8("ANSI_X3.4-1968"))
    }

    @Test("errors say what to check")
    func errorMessages() {
        #expect(TerminalError.notATerminal(descriptor: 1).description.contains("standard output is not one"))
        #expect(TerminalError.noUsableTerminalType(tried: ["a", "b"]).description.contains("tried a, b"))
    }
}
