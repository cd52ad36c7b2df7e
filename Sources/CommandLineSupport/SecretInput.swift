import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a secret (a password) so that it never appears in the process list: from a file, from standard input
/// when it is not a terminal, or asked for on the terminal without echoing it.
public enum SecretInput {
    /// The secret: the first line of `file` (`-` for standard input) when given; otherwise the first line of
    /// standard input, asked for with `prompt` and no echo when it is a terminal. A missing file or an empty
    /// secret is a `CommandFailure` naming `what`.
    public static func read(_ what: String, file: String?, prompt: String) throws -> String {
        let text: String?
        if let file, file != "-" {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CommandFailure("cannot read the \(what) from \(file)")
            }
            text = contents.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        } else if file == nil, isatty(STDIN_FILENO) == 1 {
            text = readWithoutEcho(prompt: prompt)
        } else {
            text = readLine(strippingNewline: true)
        }
        guard let secret = text?.trimmingCharacters(in: CharacterSet(charactersIn: "\r")), !secret.isEmpty else {
            throw CommandFailure("no \(what) given: put it in a file (first line) or on standard input")
        }
        return secret
    }

    /// Reads a line with the terminal's echo off; Ctrl-C meanwhile turns it back on before the program ends.
    private static func readWithoutEcho(prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        let hasModes = tcgetattr(STDIN_FILENO, &echoingModes) == 0
        if hasModes {
            var quiet = echoingModes
            quiet.c_lflag &= ~tcflag_t(ECHO)
            signal(SIGINT) { _ in
                _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &echoingModes)
                signal(SIGINT, SIG_DFL)
                raise(SIGINT)
            }
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if hasModes {
                _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &echoingModes)
                signal(SIGINT, SIG_DFL)
            }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}

/// The terminal's modes before echo was turned off, for the Ctrl-C handler to restore: a signal handler can
/// reach nothing but globals.
nonisolated(unsafe) private var echoingModes = termios()
