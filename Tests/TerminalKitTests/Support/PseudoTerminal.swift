import CKTestSupport
import Glibc
import TerminalKit

/// A pseudo-terminal for running the real backend in a test: the backend gets the terminal side
/// (`terminalDescriptor`), and the test plays the terminal emulator on the controller side, reading what was
/// drawn and typing keys.
final class PseudoTerminal {
    /// The side the backend draws on and reads keys from, like a terminal's /dev/pts device.
    let terminalDescriptor: Int32
    /// The emulator's side; -1 once it hung up.
    private var controller: Int32

    /// Why a pseudo-terminal could not be opened.
    struct OpenError: Error, CustomStringConvertible {
        let step: String
        let code: Int32
        var description: String { "\(step) failed: \(String(cString: strerror(code)))" }
    }

    /// Opens a pseudo-terminal of `size`.
    init(size: Size) throws {
        controller = posix_openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { throw OpenError(step: "posix_openpt", code: errno) }
        guard grantpt(controller) == 0, unlockpt(controller) == 0, let name = ptsname(controller) else {
            close(controller)
            throw OpenError(step: "grantpt/unlockpt", code: errno)
        }
        terminalDescriptor = open(name, O_RDWR | O_NOCTTY)
        guard terminalDescriptor >= 0 else {
            close(controller)
            throw OpenError(step: "open \(String(cString: name))", code: errno)
        }
        resize(to: size)
    }

    deinit {
        close(terminalDescriptor)
        hangUp()
    }

    /// Closes the emulator's side, as when a terminal window closes or an SSH connection drops.
    func hangUp() {
        guard controller >= 0 else { return }
        close(controller)
        controller = -1
    }

    /// Changes the window size the terminal side reports (a pseudo-terminal without a controlling process gets
    /// no SIGWINCH: the test raises it).
    func resize(to size: Size) {
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    }

    /// Types `text` as the terminal emulator would send it.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(controller, &bytes, bytes.count)
    }

    /// Everything the backend sent since the last read, waiting until nothing more came for `quiet`; the wait
    /// blocks a thread of its own, not the test's.
    func readOutput(quiet: Duration = .milliseconds(60)) async -> [UInt8] {
        let (seconds, attoseconds) = quiet.components
        let milliseconds = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        return await BlockingCall.run { [controller] in Self.read(controller, untilQuietFor: milliseconds) }
    }

    /// What `descriptor` gives until nothing more comes for `milliseconds`.
    private static func read(_ descriptor: Int32, untilQuietFor milliseconds: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&readable, 1, milliseconds) > 0 {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        return output
    }

    /// Whether the terminal side is in line mode with echo, as a shell leaves it.
    var isInLineModeWithEcho: Bool {
        var modes = termios()
        guard tcgetattr(terminalDescriptor, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
    }
}

// Swift's Glibc module leaves out the X/Open pseudo-terminal functions (they need _XOPEN_SOURCE); they are in libc.
@_silgen_name("posix_openpt") private func posix_openpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantpt(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockpt(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") private func ptsname(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?

extension Array where Element == UInt8 {
    /// The bytes read as UTF-8 text, for looking for what was drawn.
    var text: String { String(decoding: self, as: UTF8.self) }
}
