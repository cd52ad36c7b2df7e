import Histogram

/// Request latencies in microseconds, as an HDR histogram (two significant digits, up to 10 minutes): merged
/// across intervals and servers without losing its percentiles, and kept as text of the values it holds.
struct LatencyHistogram: Hashable, Sendable {
    private var histogram = Histogram<UInt32>(highestTrackableValue: Self.highest, numberOfSignificantValueDigits: .two)

    /// The largest latency kept apart; longer ones count as this.
    static let highest: UInt64 = 600_000_000

    /// Counts one request that took `microseconds`.
    mutating func record(_ microseconds: Int64) {
        _ = histogram.record(UInt64(min(max(microseconds, 0), Int64(Self.highest))))
    }

    /// Adds the counts of `other`.
    mutating func merge(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
    }

    /// How many requests it counts.
    var count: UInt64 {
        histogram.totalCount
    }

    /// The latency `percentile` (0 to 100) of the requests are within, in microseconds; `nil` without requests.
    func percentile(_ percentile: Double) -> UInt64? {
        count == 0 ? nil : histogram.valueAtPercentile(percentile)
    }

    /// The histogram as stored: `value:count` pairs of the values it holds, separated by commas.
    var text: String {
        histogram.recordedValues().map { "\($0.value):\($0.count)" }.joined(separator: ",")
    }

    /// The histogram `text` stores; pairs that are not `value:count` are skipped.
    init(text: String) {
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let value = UInt64(parts[0]), let count = UInt32(parts[1]) else { continue }
            _ = histogram.record(min(value, Self.highest), count: count)
        }
    }

    /// An empty histogram.
    init() {}

    static func == (left: LatencyHistogram, right: LatencyHistogram) -> Bool {
        left.text == right.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
