import CKModel
import TerminalKit

extension AlertRule {
    /// The rule in one line: `errorRate over 5m above 5 %`, with its filters.
    public var summary: String {
        let threshold = relative ? "\(Chart.label(threshold))% above average" : "\(Chart.label(threshold)) \(metric.unit)"
        let filters = [operation, errorCode.map { "error \($0)" }, environment?.rawValue, database?.rawValue, platform].compactMap { $0 }
        return "\(metric.rawValue) over \(window.rawValue) above \(threshold)" + (filters.isEmpty ? "" : " (\(filters.joined(separator: ", ")))")
    }
}

extension ManagementAlerts.PreviewResponse {
    /// Times under a chart of the preview: its start, its middle and now (`-168h`, `-84h`, `now`).
    public var timeLabels: [String] {
        let span = points.count * step
        return ["-\(span / 3_600)h", "-\(span / 7_200)h", "now"]
    }

    /// The chart of the metric at each evaluation, as bars.
    public var chart: Chart {
        Chart(series: [ChartSeries(name: "value", values: points.map(\.value))], timeLabels: timeLabels, drawing: .blocks)
    }
}
