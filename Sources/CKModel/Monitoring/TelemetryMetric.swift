/// What a telemetry chart counts or measures, per point of a series.
public enum TelemetryMetric: String, CaseIterable, Hashable, Sendable, Codable {
    case requests
    case errors
    case errorRate
    case latencyP50
    case latencyP95
    case latencyP99
    case bytesIn
    case bytesOut
    case recordsRead
    case recordsWritten
    case activeUsers
    case notifications
    case recordsStored
    case recordBytesStored
    case assetBytesStored

    /// The unit of a point: `requests`, `errors`, `%`, `ms`, `bytes`, `records` or `users`.
    public var unit: String {
        switch self {
        case .requests: "requests"
        case .errors: "errors"
        case .errorRate: "%"
        case .latencyP50, .latencyP95, .latencyP99: "ms"
        case .bytesIn, .bytesOut: "bytes"
        case .recordsRead, .recordsWritten: "records"
        case .activeUsers: "users"
        case .notifications: "notifications"
        case .recordsStored: "records"
        case .recordBytesStored, .assetBytesStored: "bytes"
        }
    }

    /// Whether a point is a total over its interval (requests, bytes), which adds up across groups, rather than a
    /// rate, a percentile or a distinct count.
    public var isTotal: Bool {
        switch self {
        case .requests, .errors, .bytesIn, .bytesOut, .recordsRead, .recordsWritten, .notifications: true
        case .errorRate, .latencyP50, .latencyP95, .latencyP99, .activeUsers, .recordsStored, .recordBytesStored, .assetBytesStored: false
        }
    }

    /// Whether the metric is what a container stores (sampled each hour, by record type) rather than a count of its
    /// requests.
    public var isUsage: Bool {
        self == .recordsStored || self == .recordBytesStored || self == .assetBytesStored
    }
}
