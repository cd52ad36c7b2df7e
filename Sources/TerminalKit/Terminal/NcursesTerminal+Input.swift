import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension NcursesTerminal {
    /// The next key or resize, waiting at most `timeout` (forever when `nil`); `nil` when nothing came. An Esc
    /// followed at once by another key is that key with Alt; an Esc alone arrives after ncurses's 25 ms delay.
    /// `.hangup` once the terminal is gone, where every read fails at once instead of waiting.
    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        guard !isStopped else { return nil }
        NcursesSignalHandling.receiveResizeSignals()
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        // The first read does not wait: ncurses reports a resize signalled while the dashboard was drawing only
        // when a read finds no key, and a waiting read would find it only after its timeout.
        var waits = false
        while true {
            let remaining = deadline.map { max(.zero, $0 - clock.now) }
            wtimeout(window, waits ? Self.milliseconds(remaining) : 0)
            guard let input = readInput() else {
                if waits { return isHungUp ? .hangup : nil }
                waits = true
                continue
            }
            if let event = event(for: input) { return event }
            if let deadline, clock.now >= deadline { return nil }
        }
    }

    /// The event for what was read, reading the key after an Esc; `nil` for input the dashboard does not use.
    private func event(for input: NcursesInput) -> TerminalEvent? {
        if input == .keyCode(KEY_RESIZE) {
            shownFrame = nil
            return .resize(size)
        }
        guard input == .character(27) else { return NcursesKeyDecoder.key(for: input).map(TerminalEvent.key) }
        wtimeout(window, 0)
        switch readInput() {
        case .keyCode(KEY_RESIZE)?:
            ungetch(KEY_RESIZE)
            return .key(.escape)
        case let following?:
            return .key(NcursesKeyDecoder.key(for: following).map(Key.alt) ?? .escape)
        case nil:
            return .key(.escape)
        }
    }

    /// Whether the terminal hung up: its input reports the hang-up (or an error) without anything to read.
    private var isHungUp: Bool {
        var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// One character or key code from ncurses, or `nil` when the timeout passed.
    private func readInput() -> NcursesInput? {
        var value: wint_t = 0
        switch wget_wch(window, &value) {
        case OK: return .character(UInt32(value))
        case KEY_CODE_YES: return .keyCode(Int32(value))
        default: return nil
        }
    }

    /// A timeout as ncurses takes it: milliseconds rounded up, -1 for waiting forever.
    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        let (seconds, attoseconds) = timeout.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }
}
