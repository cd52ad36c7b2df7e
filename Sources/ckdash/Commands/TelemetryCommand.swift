import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Dashboard
import Foundation
import TerminalKit

/// `ckdash telemetry METRIC`: a metric of the data API's requests over a range ending now, as a chart per series
/// in the terminal, or as JSON.
struct TelemetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "telemetry", abstract: "Chart a metric of the data API's requests over the last hour, day, week or month.",
        discussion: """
            Metrics: \(TelemetryMetric.allCases.map(\.rawValue).joined(separator: ", ")). Points are a minute apart over 1h, 5 minutes \
            over 6h, 15 over 24h, 2 hours over 7d and 6 over 30d. With --group-by, one chart per operation, database, platform, \
            error code or environment, the busiest first (at most --series of them).
            """)

    @Argument(help: ArgumentHelp("What to chart.", valueName: "metric"))
    var metric: TelemetryMetric

    @Option(help: ArgumentHelp("How far back: 1h, 6h, 24h, 7d or 30d.", valueName: "range"))
    var range: TelemetryRange = .hour

    @Option(help: ArgumentHelp("One series per operation, database, platform, errorCode or environment.", valueName: "group"))
    var groupBy: TelemetryGroup?

    @OptionGroup var filters: RequestFilterOptions

    @Option(help: "At most this many series are charted.")
    var series = 5

    @Option(help: "The chart's width in columns.")
    var width = 80

    @Flag(help: "Print the series as JSON instead of charts.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        guard series > 0 else { throw ValidationError("--series must be at least 1") }
        guard width >= 20 else { throw ValidationError("--width must be at least 20 columns") }
    }

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            let filter = filters.filter(settings, connection: connection)
            let response = try await client.telemetry(metric, range: range, groupBy: groupBy, filter: filter)
            if json {
                return print(try JSONOutput.string(response))
            }
            print(Self.charts(response, count: series, width: width), terminator: "")
        }
    }

    /// The charts of `response`'s first `count` series, `width` columns wide, each under a line naming it.
    static func charts(_ response: ManagementTelemetry.Response, count: Int, width: Int) -> String {
        response.series.prefix(count).map { series in
            let title = "\(response.metric.rawValue) \(series.group.map { "· \($0.isEmpty ? "(none)" : $0) " } ?? "")· \(response.range.rawValue) · \(response.summary(of: series))"
            let chart = Chart(series: [ChartSeries(name: series.group ?? "", values: series.points)], timeLabels: response.timeLabels, drawing: .blocks)
            return title + "\n" + chart.text(width: width) + "\n"
        }.joined(separator: "\n")
    }
}
