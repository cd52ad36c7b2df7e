/// The stretch of time a telemetry series covers, ending now, with the resolution that fits it: a minute a point
/// over the last hour, up to six hours a point over 30 days.
public enum TelemetryRange: String, CaseIterable, Hashable, Sendable, Codable {
    case hour = "1h"
    case sixHours = "6h"
    case day = "24h"
    case week = "7d"
    case month = "30d"

    /// The range's length in seconds.
    public var seconds: Int {
        switch self {
        case .hour: 3_600
        case .sixHours: 6 * 3_600
        case .day: 24 * 3_600
        case .week: 7 * 24 * 3_600
        case .month: 30 * 24 * 3_600
        }
    }

    /// Seconds a point covers.
    public var resolution: Int {
        switch self {
        case .hour: 60
        case .sixHours: 5 * 60
        case .day: 15 * 60
        case .week: 2 * 3_600
        case .month: 6 * 3_600
        }
    }

    /// How many points a series of this range has.
    public var pointCount: Int {
        seconds / resolution
    }
}
