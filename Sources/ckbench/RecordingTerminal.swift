import TerminalKit

/// The terminal `ckbench terminal` gives the dashboard: ncurses on a pseudo-terminal, keeping the last frame
/// so that the benchmark can read the screen as its user would (whether rows are shown, the row counter),
/// outside the timed key presses.
final class RecordingTerminal: Terminal {
    private let base: NcursesTerminal
    /// The last frame presented, if any.
    private(set) var frame: Canvas?

    /// A terminal drawing through `base`.
    init(_ base: NcursesTerminal) {
        self.base = base
    }

    var size: Size { base.size }
    var colorLevel: ColorLevel { base.colorLevel }

    func present(_ canvas: Canvas) {
        base.present(canvas)
        frame = canvas
    }

    func nextEvent(timeout: Duration?) -> TerminalEvent? {
        base.nextEvent(timeout: timeout)
    }

    func copyToClipboard(_ text: String) {
        base.copyToClipboard(text)
    }

    func stop() {
        base.stop()
    }

    /// The text of each row of the last frame.
    var lines: [String] {
        frame?.lines ?? []
    }

    /// The selected row (from 1) and the row count the status line shows, as in `12/1,000,000` or `12/400+`.
    var rowCounter: (selected: Int, count: Int, isTotal: Bool)? {
        guard lines.count >= 2 else { return nil }
        let status = lines[lines.count - 2]
        guard let match = status.firstMatch(of: /(\d[\d,]*)\/(\d[\d,]*)(\+?)/),
            let selected = Int(match.1.filter(\.isNumber)), let count = Int(match.2.filter(\.isNumber))
        else { return nil }
        return (selected, count, match.3.isEmpty)
    }
}
