import CommandLineSupport
import Foundation
import Synchronization
import Testing

@Suite("ProgressLine shows count, rate and time left on a terminal, and nothing when piped")
struct ProgressLineTests {
    /// A clock the test moves, and the text the line wrote.
    final class Terminal: Sendable {
        let seconds = Mutex(0.0)
        let written = Mutex<[String]>([])
        var now: Date { Date(timeIntervalSince1970: 1_000 + seconds.withLock { $0 }) }
        func wait(_ interval: Double) { seconds.withLock { $0 += interval } }
        /// The lines drawn, without the escape that clears the line before each.
        var drawn: [String] { written.withLock { $0 }.map { $0.replacingOccurrences(of: "\r\u{1B}[2K", with: "") } }
    }

    func line(_ terminal: Terminal, total: Int? = nil, enabled: Bool = true) -> ProgressLine {
        ProgressLine(
            counting: "records", total: total, enabled: enabled, write: { text in terminal.written.withLock { $0.append(text) } },
            clock: { terminal.now })
    }

    @Test("with a total: count of total, rate, and the time left at that rate")
    func withTotal() {
        let terminal = Terminal()
        let progress = line(terminal, total: 50_000)
        terminal.wait(2)
        progress.advance(by: 10_000)
        #expect(terminal.drawn == ["10,000 of 50,000 records · 5,000/s · 8s left"])
    }

    @Test("without a total, the time left comes from how much of the input was read since the first report")
    func fromFractionRead() {
        let terminal = Terminal()
        let progress = line(terminal)
        terminal.wait(1)
        progress.advance(by: 200, fractionRead: 0.5)
        terminal.wait(10)
        progress.advance(by: 200, fractionRead: 0.6)
        #expect(terminal.drawn == ["200 records · 200/s", "400 records · 36/s · 40s left"])
    }

    @Test("redraws at most ten times a second; finish clears the line and lets the next advance draw at once")
    func throttles() {
        let terminal = Terminal()
        let progress = line(terminal)
        terminal.wait(1)
        progress.advance(by: 1)
        terminal.wait(0.05)
        progress.advance(by: 1)
        #expect(terminal.drawn == ["1 records · 1/s"])
        progress.finish()
        progress.advance(by: 1)
        #expect(terminal.drawn.count == 3 && terminal.drawn[1] == "" && terminal.drawn[2].hasPrefix("3 records"))
    }

    @Test("when standard error is not a terminal it writes nothing at all")
    func quietWhenPiped() {
        let terminal = Terminal()
        let progress = line(terminal, total: 10, enabled: false)
        terminal.wait(1)
        progress.advance(by: 5)
        progress.finish()
        #expect(terminal.written.withLock { $0.isEmpty })
    }

    @Test("long times left read as minutes and hours", arguments: [(45, "45s"), (245, "4m 5s"), (3725, "1h 2m")])
    func durations(seconds: Int, text: String) {
        #expect(ProgressLine.duration(seconds) == text)
    }
}
