import CKModel

/// What telemetry counts of the requests of one key in one interval.
public struct TelemetryCounts: Hashable, Sendable {
    var requests = 0
    var errors = 0
    var bytesIn = 0
    var bytesOut = 0
    var recordsRead = 0
    var recordsWritten = 0
    /// Push notifications the saves fired, queued for their subscribers' tokens.
    var notifications = 0
    var latency = LatencyHistogram()
    var users = UserSketch()

    /// Counts `entry`.
    mutating func add(_ entry: RequestLogEntry) {
        requests += 1
        errors += entry.failed ? 1 : 0
        bytesIn += entry.bytesIn
        bytesOut += entry.bytesOut
        recordsRead += entry.recordsRead
        recordsWritten += entry.recordsWritten
        latency.record(entry.latencyMicroseconds)
        // Active users are signed-in users; the developer a key or a management token acts as is not one.
        if entry.caller == .user, let user = entry.userID { users.add(user) }
    }

    /// Adds the counts of `other`.
    mutating func merge(_ other: TelemetryCounts) {
        requests += other.requests
        errors += other.errors
        bytesIn += other.bytesIn
        bytesOut += other.bytesOut
        recordsRead += other.recordsRead
        recordsWritten += other.recordsWritten
        notifications += other.notifications
        latency.merge(other.latency)
        users.merge(other.users)
    }

    /// The value of `metric` for these counts; `nil` where it has none (a rate or a latency without requests).
    func value(of metric: TelemetryMetric) -> Double? {
        switch metric {
        case .requests: Double(requests)
        case .errors: Double(errors)
        case .errorRate: requests == 0 ? nil : 100 * Double(errors) / Double(requests)
        case .latencyP50: latency.percentile(50).map { Double($0) / 1000 }
        case .latencyP95: latency.percentile(95).map { Double($0) / 1000 }
        case .latencyP99: latency.percentile(99).map { Double($0) / 1000 }
        case .bytesIn: Double(bytesIn)
        case .bytesOut: Double(bytesOut)
        case .recordsRead: Double(recordsRead)
        case .recordsWritten: Double(recordsWritten)
        case .activeUsers: users.estimate
        case .notifications: Double(notifications)
        // Usage is sampled, not counted from requests (`UsageSample`).
        case .recordsStored, .recordBytesStored, .assetBytesStored: nil
        }
    }
}
