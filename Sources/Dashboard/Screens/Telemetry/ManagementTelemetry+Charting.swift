import CKModel
import TerminalKit

extension ManagementTelemetry.Response {
    /// What a series amounts to over the range, for the line above its chart: `total 1.2k requests` for a metric
    /// that adds up, `peak 40 ms` for one that does not.
    public func summary(of series: ManagementTelemetry.Series) -> String {
        let values = series.points.compactMap { $0 }
        return metric.isTotal ? "total \(Chart.label(values.reduce(0, +))) \(unit)" : "peak \(values.max().map(Chart.label) ?? "-") \(unit)"
    }

    /// Every series as one: the sum at each point for a metric that adds up, else the largest value there.
    var overall: ManagementTelemetry.Series {
        guard series.count > 1 else { return series.first ?? ManagementTelemetry.Series(group: nil, points: []) }
        let count = series.map(\.points.count).max() ?? 0
        let points = (0..<count).map { index -> Double? in
            let values = series.compactMap { $0.points.indices.contains(index) ? $0.points[index] : nil }
            return values.isEmpty ? nil : metric.isTotal ? values.reduce(0, +) : values.max()
        }
        return ManagementTelemetry.Series(group: nil, points: points)
    }

    /// Times under a chart of the range: its start, its middle and now (`-24h`, `-12h`, `now`).
    public var timeLabels: [String] {
        let half = range.seconds / 2
        let middle = half % 86_400 == 0 ? "-\(half / 86_400)d" : half % 3_600 == 0 ? "-\(half / 3_600)h" : "-\(half / 60)m"
        return ["-\(range.rawValue)", middle, "now"]
    }

    /// How many points a series has: the range's count, as the server answers it.
    var pointCount: Int {
        series.first?.points.count ?? range.pointCount
    }

    /// The interval of point `index`, in milliseconds since 1970: from its start up to the next point's.
    func interval(ofPoint index: Int) -> Range<Int64> {
        let from = start + Int64(index * resolution) * 1000
        return from..<(from + Int64(resolution) * 1000)
    }

    /// The value of point `index` of `series` in the metric's unit (`12 requests`, `- ms` where there is none).
    func reading(_ series: ManagementTelemetry.Series, at index: Int) -> String {
        let value = series.points.indices.contains(index) ? series.points[index] : nil
        return "\(value.map(Chart.label) ?? "-") \(unit)"
    }
}
