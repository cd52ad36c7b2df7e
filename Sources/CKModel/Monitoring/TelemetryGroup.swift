/// What a telemetry chart draws one series per: each operation, database, platform or error code.
public enum TelemetryGroup: String, CaseIterable, Hashable, Sendable, Codable {
    case operation
    case database
    case platform
    case errorCode
    case environment
    /// For the usage metrics (`recordsStored`, `recordBytesStored`) only.
    case recordType
}
