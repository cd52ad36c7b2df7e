/// The stretch of time an alert rule takes its metric over, ending at each evaluation.
public enum AlertWindow: String, CaseIterable, Hashable, Sendable, Codable {
    case fiveMinutes = "5m"
    case hour = "1h"
    case day = "1d"

    /// The window's length in seconds.
    public var seconds: Int {
        switch self {
        case .fiveMinutes: 300
        case .hour: 3_600
        case .day: 86_400
        }
    }
}
