/// A chart of series over time: values on a vertical axis from zero with labels in the metric's unit, times
/// along the bottom, drawn with braille dots (2×4 a cell, one line per series) or with block eighths (bars of
/// the first series). When there are more points than columns, a column shows the largest point it covers.
/// Missing values (`nil`, such as a latency where there were no requests) leave a gap.
///
/// ```swift
/// let chart = Chart(series: [ChartSeries(name: "records/modify", values: points, style: accent)],
///                   timeLabels: ["-1h", "-30m", "now"], drawing: .blocks)
/// chart.draw(in: area, on: &canvas, axisStyle: dim)
/// ```
public struct Chart: Hashable, Sendable {
    /// How the values are drawn.
    public enum Drawing: Hashable, Sendable {
        /// Lines of braille dots, one per series.
        case braille
        /// Bars of block eighths, of the first series.
        case blocks
    }

    /// The series, drawn in order (a later one over an earlier one where they meet).
    public var series: [ChartSeries]
    /// Labels spread evenly under the plot, from its first point to its last.
    public var timeLabels: [String]
    /// How values are drawn.
    public var drawing: Drawing
    /// The point under the cursor, marked with a vertical line of the axis style; `nil` for none.
    public var cursor: Int?

    /// Creates a chart.
    public init(series: [ChartSeries], timeLabels: [String], drawing: Drawing = .braille, cursor: Int? = nil) {
        self.series = series
        self.timeLabels = timeLabels
        self.drawing = drawing
        self.cursor = cursor
    }

    /// How many points the series have (the longest one's count).
    public var pointCount: Int {
        series.map(\.values.count).max() ?? 0
    }

    /// The top of the vertical axis: the largest value rounded up to 1, 2 or 5 times a power of ten.
    public var scale: Double {
        let largest = series.flatMap { $0.values.compactMap { $0 } }.max() ?? 0
        guard largest > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= largest { power *= 10 }
        while power > largest { power /= 10 }
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= largest } ?? largest
    }

    /// `value` written short: `0`, `7.5`, `42`, `1.2k`, `3.4M`.
    public static func label(_ value: Double) -> String {
        let magnitude = abs(value)
        let (scaled, suffix): (Double, String) =
            magnitude >= 1e9 ? (value / 1e9, "G") : magnitude >= 1e6 ? (value / 1e6, "M") : magnitude >= 1e3 ? (value / 1e3, "k") : (value, "")
        let text = abs(scaled) >= 10 || scaled == scaled.rounded() ? String(Int(scaled.rounded())) : String((scaled * 10).rounded() / 10)
        return text + suffix
    }
}

/// One line of a chart: its name (for a legend), its values oldest first, and its style.
public struct ChartSeries: Hashable, Sendable {
    public var name: String
    public var values: [Double?]
    public var style: Style

    /// Creates a series.
    public init(name: String, values: [Double?], style: Style = .plain) {
        self.name = name
        self.values = values
        self.style = style
    }
}
