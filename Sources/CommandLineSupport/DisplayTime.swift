import Foundation

/// Times as commands print them: UTC, to the second, in ISO 8601 (`2026-11-24T10:00:00Z`).
public enum DisplayTime {
    /// A timestamp in milliseconds since 1970.
    public static func text(milliseconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
