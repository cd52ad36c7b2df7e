import ArgumentParser
import CommandLineSupport
import TerminalKit

/// `ckbench terminal`: the records screen over a type of a million records, on ncurses and a pseudo-terminal,
/// against the embedded server.
struct TerminalBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal",
        abstract: "Measure the dashboard: first screen, key presses, bytes sent to the terminal, memory.",
        discussion: """
            Fills a fresh data folder with --records records of one type (written straight with GRDB), starts the \
            embedded server on it, and runs the dashboard on a pseudo-terminal of --size through ncurses \
            (xterm-256color), talking to the server over HTTP as ckdash does. Time to first screen runs from the \
            dashboard's start, with :records Party typed at once, until the table shows records (five runs). A key \
            press is timed from the key to the frame written; its bytes are what ncurses sent for it. Presses \
            follow each other as fast as the dashboard takes them, far faster than a held key repeats; finished \
            fetches are applied between presses without waiting for them, except that PgDn waits for the next \
            page at the last fetched row. Memory is the process's resident set (the server's included, and what \
            writing the records freed given back first) after PgDn through --scroll records.
            """
    )

    @Option(help: "Records of the type the records screen shows.")
    var records = 1_000_000

    @Option(help: "Records to page through with PgDn before measuring memory.")
    var scroll = 100_000

    @Option(help: ArgumentHelp("The terminal's size, as columns x rows.", valueName: "WxH"))
    var size = "120x40"

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        guard terminalSize != nil else { throw ValidationError("--size takes columns x rows, such as 120x40, of at least 40x10") }
        guard records >= 2000 else { throw ValidationError("--records needs at least 2000 records, for the scrolling scenarios") }
        guard (1...records).contains(scroll) else { throw ValidationError("--scroll must be between 1 and --records") }
    }

    func run() async throws {
        // As ckdash's dashboard does.
        AllocatorArenas.shareOne()
        try await reportingFailures(of: "ckbench terminal") {
            guard let terminalSize else { return }
            let figures: [BenchmarkFigure]
            do {
                figures = try await TerminalBenchmark(records: records, scroll: scroll, size: terminalSize).run()
            } catch {
                throw CommandFailure("\(error)")
            }
            print(json ? try JSONOutput.string(figures) : BenchmarkFigure.table(figures))
        }
    }

    /// `--size` as a size, or `nil` when it is not `<columns>x<rows>` of at least 40×10.
    private var terminalSize: Size? {
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width >= 40, height >= 10 else { return nil }
        return Size(width: width, height: height)
    }
}
