import TerminalKit

extension Chart {
    /// The chart drawn `width` columns wide and `height` rows high, as plain lines without trailing spaces: how
    /// `ckdash telemetry` and `ckdash alerts preview` print it.
    func text(width: Int, height: Int = 9) -> String {
        var canvas = Canvas(size: Size(width: width, height: height))
        draw(in: canvas.bounds, on: &canvas, axisStyle: .plain)
        return canvas.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
