/// `GET /management/1/telemetry`: a series of one metric over a range ending now, one point per interval of the
/// range's resolution, for the requests `ManagementLogs.Filter` keeps (every filter but `user` and `caller`),
/// one series for all of them or one per group.
///
/// Query parameters: `metric` (a `TelemetryMetric`), `range` (`1h`, `6h`, `24h`, `7d`, `30d`; `1h` by default),
/// `groupBy` (a `TelemetryGroup`), and the filter's.
public enum ManagementTelemetry {
    /// The series.
    public struct Response: Hashable, Sendable, Codable {
        /// What the points are.
        public var metric: TelemetryMetric
        /// Their unit.
        public var unit: String
        /// The range asked for.
        public var range: TelemetryRange
        /// Seconds a point covers.
        public var resolution: Int
        /// Where the first point's interval starts, in milliseconds since 1970.
        public var start: Int64
        /// The series: one for all requests, or one per group, the largest first.
        public var series: [Series]

        /// Creates a response.
        public init(metric: TelemetryMetric, range: TelemetryRange, start: Int64, series: [Series]) {
            self.metric = metric
            unit = metric.unit
            self.range = range
            resolution = range.resolution
            self.start = start
            self.series = series
        }
    }

    /// One line of a chart.
    public struct Series: Hashable, Sendable, Codable {
        /// The group's value (`records/modify`, `private`, `iOS`, `CONFLICT`); absent for all requests, and `""`
        /// for requests without one (no platform named, no error).
        public var group: String?
        /// A value per interval, oldest first; `null` where the metric has none (a latency without requests).
        public var points: [Double?]

        /// Creates a series.
        public init(group: String?, points: [Double?]) {
            self.group = group
            self.points = points
        }
    }
}
