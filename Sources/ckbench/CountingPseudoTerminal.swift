import Foundation
import Synchronization
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal the dashboard draws on through ncurses, whose controller side a thread of its own reads
/// as a terminal emulator would: ncurses's writes never block, and the bytes each frame sent are counted.
final class CountingPseudoTerminal: Sendable {
    /// The side ncurses gets, like a terminal's /dev/pts device.
    let terminalDescriptor: Int32
    private let controller: Int32
    private let counted = Atomic<Int>(0)
    private let marksWritten = Atomic<Int>(0)
    private let marksRead = Atomic<Int>(0)
    private let isClosing = Atomic<Bool>(false)
    private let readerDone = Mutex<Bool>(false)

    /// The byte `settledBytes()` writes after what was sent so far: UTF-8 text and escape sequences never
    /// contain it, so it is told apart and not counted.
    private static let mark: UInt8 = 0xFF

    /// Opens a pseudo-terminal whose window is `size` and starts reading its controller side.
    init(size: Size) throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &window) == 0 else {
            throw BenchmarkError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.controller = controller
        terminalDescriptor = terminal
        let reader = Thread { [self] in drain() }
        reader.name = "ckbench pty reader"
        reader.start()
    }

    /// The bytes read from the controller side once everything written to the terminal side before this call
    /// has been read: a mark written after it comes through last. ncurses flushes each frame before `present`
    /// returns, so after a frame this counts all of it.
    func settledBytes() throws -> Int {
        var mark = Self.mark
        let expected = marksWritten.add(1, ordering: .relaxed).newValue
        guard write(terminalDescriptor, &mark, 1) == 1 else {
            throw BenchmarkError("cannot write to the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while marksRead.load(ordering: .acquiring) < expected {
            guard ContinuousClock.now < deadline else { throw BenchmarkError("the pseudo-terminal's output stopped arriving") }
            usleep(50)
        }
        return counted.load(ordering: .acquiring)
    }

    /// Stops reading and closes both sides; call it after ncurses was stopped.
    func close() {
        isClosing.store(true, ordering: .releasing)
        while !readerDone.withLock({ $0 }) { usleep(1000) }
        Glibc.close(terminalDescriptor)
        Glibc.close(controller)
    }

    /// Reads and counts everything the terminal side is sent, until `close()`.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        while !isClosing.load(ordering: .acquiring) {
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            let count = read(controller, &buffer, buffer.count)
            if count > 0 {
                let marks = buffer[0..<count].reduce(0) { $0 + ($1 == Self.mark ? 1 : 0) }
                counted.add(count - marks, ordering: .releasing)
                marksRead.add(marks, ordering: .releasing)
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                break
            }
        }
        readerDone.withLock { $0 = true }
    }
}
