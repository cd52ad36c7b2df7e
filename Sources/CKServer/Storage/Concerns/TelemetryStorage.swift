import CKModel

/// Telemetry: the counts of each interval's requests by key, a row per server that counted them. One concern of
/// `ServerStorage`; adding rows up, rolling minutes into hours and reading series happen above storage.
public protocol TelemetryStorage: Sendable {
    /// Stores `rows`. An hour's row whose key and hour are stored already is skipped: hours are rolled up once,
    /// by whichever server gets there first.
    func appendTelemetry(_ rows: [TelemetryRow]) async throws

    /// The rows of `resolution` whose interval starts in `start..<end`, of `container` or of every container.
    func telemetryRows(resolution: Int, from start: Int64, to end: Int64, container: ContainerID?) async throws -> [TelemetryRow]

    /// The distinct starts of the intervals of `resolution` that have rows, from `start` on.
    func telemetryIntervals(resolution: Int, from start: Int64) async throws -> Set<Int64>

    /// Deletes the rows of `resolution` whose interval starts before `start`.
    func pruneTelemetry(resolution: Int, before start: Int64) async throws

    /// Stores an hour's usage samples, unless that hour has samples already (whichever server samples first).
    func appendUsage(_ samples: [UsageSample]) async throws

    /// The usage samples of `container` whose hour is in `start..<end`.
    func usage(of container: ContainerID?, from start: Int64, to end: Int64) async throws -> [UsageSample]

    /// The bytes of the asset files held by the live records of `container`'s `environment`, by record type (a file
    /// two records hold counts for each).
    func assetBytesByRecordType(in container: ContainerID, environment: ContainerEnvironment) async throws -> [String: Int]

    /// Whether the hour starting at `hour` has usage samples; and deletes those of hours before `oldest`.
    func hasUsage(at hour: Int64, pruningBefore oldest: Int64) async throws -> Bool
}
