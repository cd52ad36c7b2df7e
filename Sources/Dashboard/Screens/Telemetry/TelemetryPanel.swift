import CKModel
import TerminalKit

/// One environment's chart on the telemetry screen: a line naming it with what the series amount to, a legend
/// with each series' value at the cursor, and the chart (bars for one series, braille lines for several).
struct TelemetryPanel {
    let environment: ContainerEnvironment
    let response: ManagementTelemetry.Response
    /// The point under the cursor.
    let cursor: Int
    /// Whether `L` and the legend's values are about this chart.
    let isFocused: Bool

    /// The most series a chart draws; the legend counts the rest.
    static let seriesLimit = 5
    /// The roles the series are drawn in, in order; in monochrome the legend's values tell them apart.
    static let seriesRoles: [ThemeRole] = [.title, .success, .warning, .key, .breadcrumb]

    /// Draws the panel in `rect`: the title row, the legend row, and the chart below.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let (titleRow, rest) = rect.splitTop(1)
        let (legendRow, plot) = rest.splitTop(1)
        let marker = isFocused ? "▸ " : "  "
        let title = "\(marker)\(environment.rawValue) · \(response.metric.rawValue) · \(response.summary(of: response.overall))"
        canvas.write(title, in: titleRow, style: theme.style(isFocused ? .title : .muted))
        let shown = Array(response.series.prefix(Self.seriesLimit))
        drawLegend(shown, in: legendRow, on: &canvas, theme: theme)
        guard !shown.isEmpty else {
            canvas.write("No series: nothing matched the filters over the range", in: plot.row(plot.height / 2), alignment: .center, style: theme.style(.muted))
            return
        }
        let series = shown.enumerated().map { index, series in
            ChartSeries(name: series.group ?? "all", values: series.points, style: theme.style(Self.seriesRoles[index % Self.seriesRoles.count]))
        }
        let chart = Chart(series: series, timeLabels: response.timeLabels, drawing: shown.count == 1 ? .blocks : .braille, cursor: cursor)
        chart.draw(in: plot, on: &canvas, axisStyle: theme.style(.muted))
    }

    /// The legend: each series' name and its value at the cursor in its own style, and how many more there are.
    private func drawLegend(_ shown: [ManagementTelemetry.Series], in row: Rect, on canvas: inout Canvas, theme: Theme) {
        var column = row.x + 2
        for (index, series) in shown.enumerated() where column < row.maxX {
            let name = series.group.map { $0.isEmpty ? "(none)" : $0 } ?? "all"
            let text = "■ \(name) \(response.reading(series, at: cursor))  "
            column += canvas.write(text, column: column, row: row.y, style: theme.style(Self.seriesRoles[index % Self.seriesRoles.count]), limit: row.maxX - column)
        }
        let more = response.series.count - shown.count
        if more > 0, column < row.maxX {
            canvas.write("+\(more) more", column: column, row: row.y, style: theme.style(.muted), limit: row.maxX - column)
        }
    }
}
