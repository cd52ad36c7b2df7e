import CKModel

/// What the telemetry screen charts: a metric over a range ending now, one series for all requests or one per
/// group, of the requests the filters keep (operation, error, platform, database; the log's other filters do not
/// apply to a series).
struct TelemetryCriteria: Equatable {
    var metric: TelemetryMetric = .requests
    var range: TelemetryRange = .hour
    /// One series per value of this; one for all requests when `nil`.
    var group: TelemetryGroup?
    /// The filters, kept as the request log's so that `L` opens the log with the same ones.
    var filters = LogsCriteria()

    /// The groups `g` offers for the metric: the usage metrics are by record type only, the others by what a
    /// request carries (every environment is charted apart, so not by environment).
    var groups: [TelemetryGroup] {
        metric.isUsage ? [.recordType] : [.operation, .database, .platform, .errorCode]
    }

    /// The server's filter for the chart of `environment` in `container`.
    func filter(container: ContainerID?, environment: ContainerEnvironment) -> ManagementLogs.Filter {
        var filters = filters
        filters.environment = environment
        return filters.filter(container: container)
    }

    /// The filters in force, for the title: `by operation, records/modify, error any`.
    var summary: String {
        ([group.map { "by \($0.rawValue)" }] + [filters.summary.isEmpty ? nil : filters.summary]).compactMap { $0 }.joined(separator: ", ")
    }
}
