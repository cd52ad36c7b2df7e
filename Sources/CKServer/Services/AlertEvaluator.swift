import CKModel
import Foundation

/// Decides when alert rules fire: the rule's metric over its window, against its threshold (fixed, or relative
/// to the metric's average over the seven days before the window); and what a rule would have done over the last
/// seven days, for its preview.
struct AlertEvaluator {
    let telemetry: TelemetryService

    /// How far back a relative threshold's average looks, and a preview.
    static let trailing: Int64 = 7 * 86_400_000

    /// The metric's value over the window ending at `end` and the threshold it is held against then.
    func measure(_ rule: AlertRule, at end: Int64) async throws -> (value: Double?, threshold: Double?) {
        let window = Int64(rule.window.seconds) * 1000
        let start = end - window
        let rows = try await telemetry.rows(from: rule.relative ? start - Self.trailing : start, to: end, container: rule.containerID)
            .filter { $0.key.isKept(by: rule.filter) }
        let current = Self.merged(rows.filter { $0.start >= start && $0.start < end })
        let value = Self.value(of: rule.metric, in: current)
        guard rule.relative else { return (value, rule.threshold) }
        let baseline = Self.value(of: rule.metric, in: Self.merged(rows.filter { $0.start < start }), perWindowOf: window)
        return (value, baseline.map { $0 * (1 + rule.threshold / 100) })
    }

    /// Whether a rule whose metric is `value` fires against `threshold`.
    static func fires(value: Double?, threshold: Double?) -> Bool {
        guard let value, let threshold else { return false }
        return value > threshold
    }

    /// When `rule` would have fired over the last seven days up to `now` (the last 47 hours for a five-minute
    /// window, whose minutes are kept that long): an evaluation a window apart (an hour apart for a day's window).
    /// A relative threshold's trailing week is taken in whole hours, once an hour.
    func preview(_ rule: AlertRule, now: Int64) async throws -> ManagementAlerts.PreviewResponse {
        let window = Int64(rule.window.seconds) * 1000
        let step = min(window, 3_600_000)
        let end = TelemetryRecorder.start(of: now, resolution: Int(step / 1000)) + step
        let span = rule.window == .fiveMinutes ? (TelemetryRecorder.minuteRetention - 3_600) * 1000 : Self.trailing
        let first = end - span
        let rows = try await telemetry.rows(from: first - window - (rule.relative ? Self.trailing : 0), to: end, container: rule.containerID)
            .filter { $0.key.isKept(by: rule.filter) }
        // Counts by step, so each evaluation merges the steps its window covers; and by hour for the trailing week
        // of a relative threshold, which is worked out once an hour.
        let hour: Int64 = 3_600_000
        var bins: [Int64: TelemetryCounts] = [:]
        var hours: [Int64: TelemetryCounts] = [:]
        for row in rows {
            bins[TelemetryRecorder.start(of: row.start, resolution: Int(step / 1000)), default: TelemetryCounts()].merge(row.counts)
            hours[TelemetryRecorder.start(of: row.start, resolution: 3_600), default: TelemetryCounts()].merge(row.counts)
        }
        func counts(in bins: [Int64: TelemetryCounts], from start: Int64, to end: Int64, by length: Int64) -> TelemetryCounts {
            var merged = TelemetryCounts()
            for bin in stride(from: start, to: end, by: Int(length)) {
                if let counts = bins[bin] { merged.merge(counts) }
            }
            return merged
        }
        var baselines: [Int64: Double?] = [:]
        func threshold(before windowStart: Int64) -> Double? {
            guard rule.relative else { return rule.threshold }
            let until = TelemetryRecorder.start(of: windowStart, resolution: 3_600)
            if let known = baselines[until] { return known }
            let baseline = Self.value(
                of: rule.metric, in: counts(in: hours, from: until - Self.trailing, to: until, by: hour), perWindowOf: window
            ).map { $0 * (1 + rule.threshold / 100) }
            baselines[until] = baseline
            return baseline
        }
        var points: [ManagementAlerts.PreviewPoint] = []
        var firings: [ManagementAlerts.Firing] = []
        for at in stride(from: first + step, through: end, by: Int(step)) {
            let value = Self.value(of: rule.metric, in: counts(in: bins, from: at - window, to: at, by: step))
            let threshold = threshold(before: at - window)
            let firing = Self.fires(value: value, threshold: threshold)
            if firing, firings.last.map({ $0.end != nil }) ?? true {
                firings.append(ManagementAlerts.Firing(start: at, end: nil))
            } else if !firing, let last = firings.indices.last, firings[last].end == nil {
                firings[last].end = at
            }
            points.append(ManagementAlerts.PreviewPoint(timestamp: at, value: value, threshold: threshold, firing: firing))
        }
        return ManagementAlerts.PreviewResponse(points: points, step: Int(step / 1000), firings: firings)
    }

    /// The rows' counts added up.
    static func merged(_ rows: [TelemetryRow]) -> TelemetryCounts {
        rows.reduce(into: TelemetryCounts()) { $0.merge($1.counts) }
    }

    /// The metric's value for `counts`; a total in the whole trailing week is scaled to one window of `window`
    /// milliseconds when given (an average per window).
    static func value(of metric: TelemetryMetric, in counts: TelemetryCounts, perWindowOf window: Int64? = nil) -> Double? {
        let value = counts.value(of: metric)
        guard let window, metric.isTotal else { return value }
        return value.map { $0 * Double(window) / Double(trailing) }
    }
}
