#if canImport(Glibc)
import Glibc

private typealias SignalHandler = __sighandler_t
#elseif canImport(Darwin)
import Darwin

private typealias SignalHandler = sig_t
#endif

/// Gives the terminal back when the process is told to end (SIGTERM, SIGHUP, SIGINT) while ncurses owns it,
/// then exits with 128 + the signal's number, as a shell reports a process ended by a signal.
///
/// The handler only calls async-signal-safe functions: it writes a restore sequence prepared in advance
/// (attributes off, cursor shown, keypad off, main screen back), puts back the terminal modes saved before
/// ncurses changed them, and `_exit`s. ncurses itself is not called, since it may be in the middle of an update.
enum NcursesSignalHandling {
    /// The signals that end the dashboard with the terminal restored.
    static let handledSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var restoreSequence: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var savedModes = termios()
    nonisolated(unsafe) private static var hasSavedModes = false
    nonisolated(unsafe) private static var previousHandlers: [Int32: SignalHandler?] = [:]

    /// Installs the handlers for the terminal on `output`, saving its current modes. Call before `newterm`, so
    /// that ncurses keeps these handlers instead of installing its own.
    static func install(output: Int32) {
        descriptor = output
        hasSavedModes = tcgetattr(output, &savedModes) == 0
        for signalNumber in handledSignals where previousHandlers[signalNumber] == nil {
            previousHandlers[signalNumber] = signal(signalNumber, handle)
        }
    }

    /// Sets the bytes written to the terminal before exiting.
    static func prepare(restoreSequence bytes: [UInt8]) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        let previous = restoreSequence
        restoreSequence = buffer
        previous?.deallocate()
    }

    /// Puts back the handlers that were there before `install`.
    static func uninstall() {
        for (signalNumber, handler) in previousHandlers {
            signal(signalNumber, handler)
        }
        previousHandlers = [:]
        let sequence = restoreSequence
        restoreSequence = nil
        sequence?.deallocate()
        descriptor = -1
        hasSavedModes = false
    }

    /// Lets SIGWINCH reach the calling thread, which reads the keys: ncurses learns of a resize from its handler,
    /// and a thread of the concurrency pool starts with every signal blocked.
    static func receiveResizeSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signalNumber in
        NcursesSignalHandling.restoreTerminal()
        _exit(128 + signalNumber)
    }

    private static func restoreTerminal() {
        guard descriptor >= 0 else { return }
        if let sequence = restoreSequence, let base = sequence.baseAddress {
            _ = write(descriptor, base, sequence.count)
        }
        if hasSavedModes {
            _ = tcsetattr(descriptor, TCSANOW, &savedModes)
        }
    }
}
