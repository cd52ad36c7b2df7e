import CKModel
import Foundation

/// Reads telemetry for the management API: one metric over a range ending now, a point per interval of the
/// range's resolution, added up over the stored rows of every server and this server's minutes still in memory.
struct TelemetryService {
    let storage: any TelemetryStorage
    let recorder: TelemetryRecorder?

    /// The series of `metric` over `range` ending at `now`, of the requests `filter` keeps (its container, environment,
    /// database, operation, platform and error), one for all of them or one per value of `group`, the group with the
    /// most requests first.
    func series(
        _ metric: TelemetryMetric, range: TelemetryRange, group: TelemetryGroup?, filter: ManagementLogs.Filter, now: Date = Date()
    ) async throws -> ManagementTelemetry.Response {
        let resolution = Int64(range.resolution) * 1000
        let end = TelemetryRecorder.start(of: Timestamp(now).millisecondsSince1970, resolution: range.resolution) + resolution
        let start = end - Int64(range.seconds) * 1000
        if metric.isUsage {
            return try await usage(metric, range: range, group: group, filter: filter, from: start, to: end)
        }
        var points: [String?: [TelemetryCounts?]] = [:]
        // Notifications are counted apart from requests: their rows are read for that metric only.
        let rows = try await rows(from: start, to: end, container: filter.container, now: Timestamp(now).millisecondsSince1970).filter {
            ($0.key.operation == TelemetryRecorder.notificationsOperation) == (metric == .notifications) && $0.key.isKept(by: filter)
        }
        for row in rows {
            let index = Int((row.start - start) / resolution)
            guard (0..<range.pointCount).contains(index) else { continue }
            let name = group.map { row.key.value(of: $0) }
            var series = points[name] ?? Array(repeating: nil, count: range.pointCount)
            series[index] = series[index].map { var merged = $0; merged.merge(row.counts); return merged } ?? row.counts
            points[name] = series
        }
        if points.isEmpty, group == nil {
            points[nil] = Array(repeating: nil, count: range.pointCount)
        }
        let ranked = points.sorted { left, right in
            let (a, b) = (Self.requests(left.value), Self.requests(right.value))
            return a != b ? a > b : (left.key ?? "") < (right.key ?? "")
        }
        let series = ranked.map { name, counts in
            ManagementTelemetry.Series(group: name, points: counts.map { counts in
                counts.flatMap { $0.value(of: metric) } ?? (metric.isTotal ? 0 : nil)
            })
        }
        return ManagementTelemetry.Response(metric: metric, range: range, start: start, series: series)
    }

    /// The rows covering `start..<end`: minutes while they are kept (48 hours); before that hours, up to the hour
    /// before the one `end` (or `now`, when `end` is later: a range's last point may end hours ahead) falls in,
    /// which every running server has rolled up by then, and minutes after; this server's minutes still in memory
    /// on top.
    func rows(from start: Int64, to end: Int64, container: ContainerID?, now: Int64? = nil) async throws -> [TelemetryRow] {
        let present = min(end, now ?? end)
        guard let recorder else { return try await storedRows(from: start, to: end, present: present, container: container) }
        return try await recorder.withPending { try await storedRows(from: start, to: end, present: present, container: container) }
    }

    private func storedRows(from start: Int64, to end: Int64, present: Int64, container: ContainerID?) async throws -> [TelemetryRow] {
        let minutesKept = end - (TelemetryRecorder.minuteRetention - 3_600) * 1000
        guard start < minutesKept else {
            return try await storage.telemetryRows(resolution: TelemetryRow.minute, from: start, to: end, container: container)
        }
        let hour = Int64(TelemetryRow.hour) * 1000
        let minutesFrom = TelemetryRecorder.start(of: present, resolution: TelemetryRow.hour) - 2 * hour
        let hours = try await storage.telemetryRows(resolution: TelemetryRow.hour, from: start, to: minutesFrom, container: container)
        let minutes = try await storage.telemetryRows(resolution: TelemetryRow.minute, from: minutesFrom, to: end, container: container)
        return hours + minutes
    }

    /// The usage series of `metric`: at each point, what the latest sample at or before its end said (samples are
    /// an hour apart), of every record type or one per type.
    private func usage(
        _ metric: TelemetryMetric, range: TelemetryRange, group: TelemetryGroup?, filter: ManagementLogs.Filter, from start: Int64, to end: Int64
    ) async throws -> ManagementTelemetry.Response {
        let hour = Int64(TelemetryRow.hour) * 1000
        let samples = try await storage.usage(of: filter.container, from: start - hour, to: end)
            .filter { filter.environment == nil || $0.environment == filter.environment }
        var byGroup: [String?: [Int64: Double]] = [:]
        for sample in samples {
            let value = Double(metric == .recordsStored ? sample.records : metric == .assetBytesStored ? sample.assetBytes : sample.recordBytes)
            byGroup[group == .recordType ? sample.recordType : nil, default: [:]][sample.hour, default: 0] += value
        }
        let resolution = Int64(range.resolution) * 1000
        let series = byGroup.map { name, values in
            let hours = values.keys.sorted()
            let points = (0..<range.pointCount).map { index -> Double? in
                let pointEnd = start + Int64(index + 1) * resolution
                return hours.last { $0 < pointEnd }.flatMap { values[$0] }
            }
            return ManagementTelemetry.Series(group: name, points: points)
        }.sorted { ($0.points.last ?? 0) ?? 0 > ($1.points.last ?? 0) ?? 0 }
        let filled = series.isEmpty && group == nil ? [ManagementTelemetry.Series(group: nil, points: Array(repeating: nil, count: range.pointCount))] : series
        return ManagementTelemetry.Response(metric: metric, range: range, start: start, series: filled)
    }

    private static func requests(_ counts: [TelemetryCounts?]) -> Int {
        counts.reduce(0) { $0 + ($1?.requests ?? 0) }
    }
}
