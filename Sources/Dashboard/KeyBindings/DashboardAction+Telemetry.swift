import CKModel
import TerminalKit

/// The actions of the telemetry screen.
extension KeyAction {
    /// Choose the metric charted.
    static let chooseMetric = KeyAction("choose-metric")
    /// Choose what the charts draw one series per.
    static let chooseGroup = KeyAction("choose-group")
    /// Filter the charts' requests on the server.
    static let filterCharts = KeyAction("filter-charts")
    /// Chart the last hour, 6 hours, day, week or 30 days (`1`–`5`).
    static let telemetryRanges = TelemetryRange.allCases.map { KeyAction("range-\($0.rawValue)") }
}

extension KeyAction {
    /// Move to the other environment's chart.
    static let otherChart = KeyAction("other-chart")
    /// Open the request log behind the point under the cursor.
    static let logsAtPoint = KeyAction("logs-at-point")
}
