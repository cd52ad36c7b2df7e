import Foundation

/// Times as commands print them: in UTC, to the second, in ISO 8601 (`2026-11-24T10:00:00Z`). Reading a time
/// typed by a person is `CKModel.AuditTime`'s.
public enum DisplayTime {
    /// A timestamp in milliseconds since 1970.
    public static func text(milliseconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
