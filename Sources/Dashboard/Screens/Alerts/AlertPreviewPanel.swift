import CKModel
import Foundation
import TerminalKit

/// When a rule would have fired over the last seven days, in a box over the screen: the metric at each evaluation
/// against the threshold, charted, and the stretches it would have been firing. For a new rule Enter creates it
/// and Esc goes back to its form; for an existing one either closes.
struct AlertPreviewPanel {
    /// What a key did to the panel.
    enum Outcome: Equatable {
        case consumed
        case accepted
        case closed
    }

    let rule: AlertRule
    let preview: ManagementAlerts.PreviewResponse
    let display: FieldValueDisplay
    /// Whether the rule is yet to be created (Enter creates it).
    let isNew: Bool

    /// The most firings listed; the rest are counted.
    static let firingLimit = 5

    func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: isNew ? .accepted : .closed
        case .escape, .character("q"): .closed
        default: .consumed
        }
    }

    /// The lines under the chart: how often it would have fired, and when.
    var firingLines: [String] {
        guard !preview.firings.isEmpty else { return ["It would not have fired over the last 7 days."] }
        let times = preview.firings.suffix(Self.firingLimit).reversed().map { firing in
            let start = display.date(Timestamp(millisecondsSince1970: firing.start).date)
            return "  " + start + " – " + (firing.end.map { display.date(Timestamp(millisecondsSince1970: $0).date) } ?? "still firing")
        }
        let more = preview.firings.count - times.count
        return ["It would have fired \(Counting.counted(preview.firings.count, "time")) over the last 7 days, newest first:"] + times
            + (more > 0 ? ["  and \(more) earlier"] : [])
    }

    /// Draws the box over most of `rect`.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let lines = firingLines
        let box = rect.centered(Size(width: min(rect.width, 96), height: min(rect.height, lines.count + 14)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: "Preview: \(rule.name)").draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        let (top, rest) = inside.splitTop(2)
        canvas.write(rule.summary, in: top.row(0), style: theme.style(.dialog))
        canvas.write("■ \(rule.metric.rawValue) each \(preview.step / 60) minutes   ■ threshold", in: top.row(1), style: theme.style(.muted))
        let (body, footer) = rest.splitBottom(1)
        let (chartArea, listArea) = body.splitBottom(min(lines.count, max(0, body.height - 4)))
        let threshold = ChartSeries(name: "threshold", values: preview.points.map(\.threshold), style: theme.style(.error))
        let values = ChartSeries(name: "value", values: preview.points.map(\.value), style: theme.style(.title))
        Chart(series: [values, threshold], timeLabels: preview.timeLabels, drawing: .braille)
            .draw(in: chartArea, on: &canvas, axisStyle: theme.style(.muted))
        for (offset, line) in lines.prefix(listArea.height).enumerated() {
            canvas.write(line, in: listArea.row(offset), style: theme.style(preview.firings.isEmpty ? .success : .warning))
        }
        let keys = isNew ? "Enter creates the rule   Esc back to its form" : "Esc closes"
        canvas.write(keys, in: footer, alignment: .trailing, style: theme.style(.muted))
    }
}
