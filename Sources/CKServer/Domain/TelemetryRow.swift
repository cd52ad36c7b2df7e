import CKModel

/// One stored row of telemetry: the counts of one key's requests in one interval (a minute, or an hour), as one
/// server counted them; rows of the same key and interval from several servers add up when read.
public struct TelemetryRow: Hashable, Sendable {
    /// Seconds the interval lasts: 60 or 3600.
    public var resolution: Int
    /// When the interval starts, in milliseconds since 1970.
    public var start: Int64
    public var key: TelemetryKey
    public var counts: TelemetryCounts

    /// The resolutions rows are kept at: minutes for 48 hours, hours for 30 days.
    public static let minute = 60
    public static let hour = 3_600
}
