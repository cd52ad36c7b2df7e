import Dashboard
import Foundation
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// The records screen's scenarios, run on the thread that owns the terminal as ckdash's run loop is: key
/// presses go to `DashboardApp.handle(_:)`, whose time includes drawing the frame and ncurses's output, and
/// finished fetches are applied between presses without waiting for them.
final class TerminalScenarios {
    /// One key press: how long `handle` took, the bytes its frame sent to the terminal, and whether fetches
    /// that finished were applied after it.
    struct Press {
        var time: Duration
        var bytes: Int
        var delivered: Bool
    }

    private let configuration: DashboardConfiguration
    private let records: Int
    private let scroll: Int
    private let size: Size
    private let pty: CountingPseudoTerminal
    private let terminal: RecordingTerminal
    private let clock = ContinuousClock()
    /// The bytes read from the terminal up to the end of the last step.
    private var settledBytes = 0
    /// Every timed key press, for the overall figure.
    private var allPresses: [Duration] = []
    /// How long applying each batch of finished fetches took on the loop's thread.
    private var deliveries: [Duration] = []
    private var figures: [BenchmarkFigure] = []

    /// Runs on `size` (a pseudo-terminal with ncurses and xterm-256color), over a type of `records` records,
    /// paging through `scroll` of them for the memory figure.
    init(configuration: DashboardConfiguration, size: Size, records: Int, scroll: Int) throws {
        self.configuration = configuration
        self.size = size
        self.records = records
        self.scroll = scroll
        pty = try CountingPseudoTerminal(size: size)
        do {
            terminal = RecordingTerminal(
                try NcursesTerminal.start(input: pty.terminalDescriptor, output: pty.terminalDescriptor, term: "xterm-256color", noColor: false))
        } catch {
            pty.close()
            throw BenchmarkError("cannot start ncurses on a pseudo-terminal: \(error)")
        }
    }

    /// The rows the table shows at this size: the frame less the header, the box, the heading, and the status
    /// and hint lines. Selection moves stay two rows inside them.
    private var tableRows: Int { size.height - 6 }

    /// Runs every scenario and returns the figures.
    func run() throws -> [BenchmarkFigure] {
        defer {
            terminal.stop()
            pty.close()
        }
        figures.append(BenchmarkFigure(name: "RSS before the dashboard starts", value: try Self.residentMegabytes(), unit: "MB"))
        let app = try firstScreens(runs: 5)
        settledBytes = try pty.settledBytes()
        figures.append(BenchmarkFigure(name: "RSS at the first screen", value: try Self.residentMegabytes(), unit: "MB"))
        try selectionMoves(app)
        try oneRowScrolls(app)
        try paging(app)
        try jumps(app)
        figures.append(BenchmarkFigure(name: "any key press p99", value: allPresses.percentile(0.99).milliseconds, unit: "ms"))
        figures.append(BenchmarkFigure(name: "any key press max", value: allPresses.percentile(1).milliseconds, unit: "ms"))
        figures.append(BenchmarkFigure(name: "applying finished fetches p99", value: deliveries.percentile(0.99).milliseconds, unit: "ms"))
        return figures
    }

    /// Time to first screen: from `start()` (the dashboard opening the container) with `:records Party` typed at
    /// once, until the table shows records. Each run is a new dashboard on the running server; the first one
    /// also opens the client's connection. The last dashboard is returned once every fetch finished.
    private func firstScreens(runs: Int) throws -> DashboardApp {
        var times: [Duration] = []
        var app: DashboardApp!
        for _ in 0..<runs {
            app = DashboardApp(configuration: configuration, terminal: terminal)
            let start = clock.now
            app.start()
            for character in ":records Party" {
                app.handle(.key(.character(character)))
            }
            app.handle(.key(.enter))
            try waitForDelivery(app, until: "the records screen to show records") { showsRecords }
            times.append(clock.now - start)
            try waitUntilIdle(app)
        }
        guard let counter = terminal.rowCounter, counter.isTotal, counter.count == records else {
            throw BenchmarkError("the records screen counts \(terminal.rowCounter.map { "\($0.count)" } ?? "no") records, not \(records)")
        }
        figures += [
            BenchmarkFigure(name: "first screen, first run", value: times[0].milliseconds, unit: "ms"),
            BenchmarkFigure(name: "first screen p50 of \(runs)", value: times.percentile(0.5).milliseconds, unit: "ms"),
            BenchmarkFigure(name: "first screen max of \(runs)", value: times.percentile(1).milliseconds, unit: "ms"),
        ]
        return app
    }

    /// j down and k up within the screen: the selection moves, nothing scrolls.
    private func selectionMoves(_ app: DashboardApp) throws {
        var presses: [Press] = []
        for _ in 0..<4 {
            for key in [Key.character("j"), .character("k")] {
                for _ in 0..<(tableRows - 2) {
                    presses.append(try press(key, on: app))
                }
            }
        }
        report(presses, as: "j/k, selection within the screen")
    }

    /// j past the bottom row: each press scrolls the table one row, across page boundaries, with the next
    /// page fetched ahead.
    private func oneRowScrolls(_ app: DashboardApp) throws {
        for _ in 0..<tableRows {
            try press(.character("j"), on: app)
        }
        var presses: [Press] = []
        var held = 0
        var row = terminal.rowCounter?.selected ?? 0
        for _ in 0..<1000 {
            presses.append(try press(.character("j"), on: app))
            let now = terminal.rowCounter?.selected ?? 0
            if now == row { held += 1 }
            row = now
        }
        report(presses, as: "j past the bottom, one-row scroll")
        figures.append(BenchmarkFigure(name: "one-row scrolls held by a fetch", value: Double(held), unit: "of 1000"))
    }

    /// PgDn until `scroll` records went by, waiting for the next page whenever the selection reached the last
    /// fetched row; then the memory in use.
    private func paging(_ app: DashboardApp) throws {
        try pressUntilIdle(app, .character("g"))
        var presses: [Press] = []
        var waits = 0
        var row = terminal.rowCounter?.selected ?? 0
        while row < scroll {
            let press = try press(.pageDown, on: app)
            presses.append(press)
            let now = terminal.rowCounter?.selected ?? 0
            if now == row {
                waits += 1
                if !press.delivered {
                    guard app.work.isBusy else { throw BenchmarkError("PgDn stopped at row \(row) with no page being fetched") }
                    try waitForDelivery(app, until: "the page after row \(row)") { true }
                }
            }
            row = now
        }
        report(presses, as: "PgDn")
        figures += [
            BenchmarkFigure(name: "PgDn presses at the last fetched row", value: Double(waits), unit: "of \(presses.count)"),
            BenchmarkFigure(name: "RSS after PgDn through \(Self.grouped(scroll)) records", value: try Self.residentMegabytes(), unit: "MB"),
        ]
    }

    /// G and g in turn from deep in the result: to the last fetched row (which fetches the next page) and back
    /// to the first (whose page was dropped from memory long ago), without waiting for either.
    private func jumps(_ app: DashboardApp) throws {
        var presses: [Press] = []
        for _ in 0..<50 {
            presses.append(try press(.character("G"), on: app))
            presses.append(try press(.character("g"), on: app))
        }
        report(presses, as: "G/g jumps")
    }

    /// Presses `key`, timing `handle` (the key's work, the frame and ncurses's output) and counting the bytes
    /// that frame sent; then applies the fetches that finished, as the run loop does, without waiting for any.
    @discardableResult
    private func press(_ key: Key, on app: DashboardApp) throws -> Press {
        let before = settledBytes
        let start = clock.now
        app.handle(.key(key))
        let time = clock.now - start
        settledBytes = try pty.settledBytes()
        allPresses.append(time)
        return Press(time: time, bytes: settledBytes - before, delivered: try deliver(app))
    }

    /// Presses `key` untimed and waits until every fetch it started finished.
    private func pressUntilIdle(_ app: DashboardApp, _ key: Key) throws {
        app.handle(.key(key))
        try waitUntilIdle(app)
        settledBytes = try pty.settledBytes()
    }

    /// Applies the fetches that finished, timing it when there were any.
    @discardableResult
    private func deliver(_ app: DashboardApp) throws -> Bool {
        let start = clock.now
        guard app.deliverFinishedWork() else { return false }
        deliveries.append(clock.now - start)
        settledBytes = try pty.settledBytes()
        return true
    }

    /// Applies finished fetches as they come until `condition` holds after one, failing after a minute.
    private func waitForDelivery(_ app: DashboardApp, until what: String, _ condition: () -> Bool) throws {
        let deadline = clock.now + .seconds(60)
        while !(try deliver(app) && condition()) {
            guard clock.now < deadline else { throw BenchmarkError("waited a minute for \(what)") }
            usleep(200)
        }
    }

    /// Applies finished fetches until none is under way (a scan for the type's statistics takes a while),
    /// failing after five minutes.
    private func waitUntilIdle(_ app: DashboardApp) throws {
        let deadline = clock.now + .seconds(300)
        while app.work.isBusy {
            guard clock.now < deadline else { throw BenchmarkError("the dashboard's fetches did not finish within five minutes") }
            try deliver(app)
            usleep(1000)
        }
    }

    /// Whether the table shows records: a row with a record name.
    private var showsRecords: Bool {
        terminal.lines.contains { $0.contains("party-") }
    }

    /// Adds the time and byte figures of `presses`.
    private func report(_ presses: [Press], as name: String) {
        let times = presses.map(\.time)
        let bytes = presses.map(\.bytes)
        figures += [
            BenchmarkFigure(name: "\(name) p50", value: times.percentile(0.5).milliseconds, unit: "ms"),
            BenchmarkFigure(name: "\(name) p99", value: times.percentile(0.99).milliseconds, unit: "ms"),
            BenchmarkFigure(name: "\(name) bytes p50", value: Double(bytes.percentile(0.5)), unit: "bytes"),
            BenchmarkFigure(name: "\(name) bytes p99", value: Double(bytes.percentile(0.99)), unit: "bytes"),
        ]
    }

    /// The process's resident memory, from `/proc/self/status`.
    private static func residentMegabytes() throws -> Double {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { throw BenchmarkError("/proc/self/status has no VmRSS line") }
        return kilobytes / 1024
    }

    /// `number` with its thousands separated by commas, as the dashboard counts.
    private static func grouped(_ number: Int) -> String {
        let digits = String(number)
        return digits.enumerated().map { offset, digit in
            offset > 0 && (digits.count - offset) % 3 == 0 ? ",\(digit)" : "\(digit)"
        }.joined()
    }
}
