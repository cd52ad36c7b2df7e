/// Why the real terminal could not be started.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input or output is not a terminal (it is a file or a pipe), so there is nothing to draw on.
    case notATerminal(descriptor: Int32)
    /// No terminal description could be loaded: neither `TERM` nor any of the plain fallbacks.
    case noUsableTerminalType(tried: [String])
    /// The input or output could not be opened for ncurses.
    case cannotOpen(descriptor: Int32, reason: String)

    /// What went wrong and what to check, for the user.
    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            let name = descriptor == 0 ? "standard input" : descriptor == 1 ? "standard output" : "file descriptor \(descriptor)"
            return "The dashboard needs a terminal, but \(name) is not one (is it redirected to a file or a pipe?)."
        case .noUsableTerminalType(let tried):
            return "No terminal description could be loaded (tried \(tried.joined(separator: ", "))); check TERM and that ncurses-base is installed."
        case .cannotOpen(let descriptor, let reason):
            return "Could not open file descriptor \(descriptor) for the terminal: \(reason)."
        }
    }
}
