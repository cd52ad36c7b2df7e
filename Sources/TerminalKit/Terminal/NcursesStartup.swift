import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening ncurses on a terminal without ever ending the process: a UTF-8 locale first, then `newterm` with the
/// requested terminal description and plainer ones after it (`initscr` would exit on an unknown `TERM`).
enum NcursesStartup {
    /// The descriptions tried after the requested one: Debian lacks terminfo for kitty, ghostty, wezterm and foot.
    static let fallbackTerminalTypes = ["xterm-256color", "xterm", "vt100", "dumb"]

    /// A screen ncurses opened, with the streams it reads and writes.
    struct OpenedScreen {
        /// ncurses's `SCREEN *`.
        let screen: OpaquePointer
        /// The stream keys are read from (a duplicate of the caller's descriptor, closed with the screen).
        let input: UnsafeMutablePointer<FILE>
        /// The stream frames are written to (a duplicate of the caller's descriptor, closed with the screen).
        let output: UnsafeMutablePointer<FILE>
        /// The terminal description that loaded.
        let terminalType: String
    }

    /// The descriptions to try, in order: `preferred` (when given and not empty), then the fallbacks, each once.
    static func terminalTypes(preferred: String?) -> [String] {
        var types: [String] = []
        for type in [preferred ?? ""] + fallbackTerminalTypes where !type.isEmpty && !types.contains(type) {
            types.append(type)
        }
        return types
    }

    /// Takes the user's locale, falling back to `C.UTF-8` for characters when it is not UTF-8 (a `C` locale over
    /// SSH garbles box drawing and wide text).
    static func useUTF8Locale() {
        setlocale(LC_ALL, "")
        if !isUTF8(String(cString: cncurses_locale_codeset())) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Whether a codeset name (`UTF-8`, `utf8`) is UTF-8.
    static func isUTF8(_ codeset: String) -> Bool {
        let letters = codeset.lowercased().filter { $0.isLetter || $0.isNumber }
        return letters == "utf8"
    }

    /// Opens a screen reading keys from `input` and drawing on `output`, both of which must be terminals.
    static func open(input: Int32, output: Int32, preferredType: String?) throws(TerminalError) -> OpenedScreen {
        for descriptor in [input, output] where isatty(descriptor) == 0 {
            throw .notATerminal(descriptor: descriptor)
        }
        let inputFile = try stream(on: input, mode: "r")
        let outputFile: UnsafeMutablePointer<FILE>
        do {
            outputFile = try stream(on: output, mode: "w")
        } catch {
            fclose(inputFile)
            throw error
        }
        let types = terminalTypes(preferred: preferredType)
        for type in types {
            if let screen = newterm(type, outputFile, inputFile) {
                return OpenedScreen(screen: screen, input: inputFile, output: outputFile, terminalType: type)
            }
        }
        fclose(inputFile)
        fclose(outputFile)
        throw .noUsableTerminalType(tried: types)
    }

    /// A stream on a duplicate of `descriptor`, so that closing it leaves the caller's descriptor open.
    private static func stream(on descriptor: Int32, mode: String) throws(TerminalError) -> UnsafeMutablePointer<FILE> {
        let duplicate = dup(descriptor)
        guard duplicate >= 0 else { throw .cannotOpen(descriptor: descriptor, reason: String(cString: strerror(errno))) }
        guard let file = fdopen(duplicate, mode) else {
            let reason = String(cString: strerror(errno))
            close(duplicate)
            throw .cannotOpen(descriptor: descriptor, reason: reason)
        }
        return file
    }
}
