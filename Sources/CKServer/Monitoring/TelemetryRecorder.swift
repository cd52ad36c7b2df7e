import CKModel
import Foundation
import NIOConcurrencyHelpers

/// Counts the requests this server answered into telemetry, a minute at a time: minutes stay in memory until they
/// are over, then go to storage; hours are rolled up from the stored minutes of every server once they are over,
/// and rows past their retention (minutes after 48 hours, hours after 30 days) are deleted; and what each
/// container stores is sampled once an hour.
final class TelemetryRecorder: Sendable {
    private let storage: any ServerStorage
    private let minutes = NIOLockedValueBox([Int64: [TelemetryKey: TelemetryCounts]]())
    /// Counts the stores begun and ended, so it is odd while minutes move from memory to storage: a reader of
    /// both (`withPending`) reads again when it changed meanwhile.
    private let stores = NIOLockedValueBox(0)

    /// How long rows of each resolution are kept, in seconds.
    static let minuteRetention: Int64 = 48 * 3_600
    static let hourRetention: Int64 = 30 * 24 * 3_600
    /// How many hours back each roll-up looks for hours not rolled up yet; the first one after a start looks back
    /// as far as minutes are kept.
    static let rollUpHours = 2

    init(storage: any ServerStorage) {
        self.storage = storage
    }

    /// Counts `entries` into the minutes they arrived in.
    func count(_ entries: [RequestLogEntry]) {
        minutes.withLockedValue { minutes in
            for entry in entries {
                let minute = Self.start(of: entry.timestamp, resolution: TelemetryRow.minute)
                minutes[minute, default: [:]][TelemetryKey(entry), default: TelemetryCounts()].add(entry)
            }
        }
    }

    /// Counts `count` push notifications fired by saves in `zone` at `date`, under the operation
    /// `notificationsOperation`.
    func countNotifications(_ count: Int, in zone: ZoneKey, at date: Date = Date()) {
        let key = TelemetryKey(
            container: zone.container, environment: zone.environment, database: zone.database, operation: Self.notificationsOperation,
            platform: "", errorCode: "")
        let minute = Self.start(of: Timestamp(date).millisecondsSince1970, resolution: TelemetryRow.minute)
        minutes.withLockedValue { $0[minute, default: [:]][key, default: TelemetryCounts()].notifications += count }
    }

    /// The operation notifications are counted under: no request's, so they never count as requests.
    static let notificationsOperation = "notifications"

    /// The rows `readStored` reads from storage and the rows of the minutes still in memory (this server's latest
    /// requests), read so that a minute moving from memory to storage meanwhile is neither missed nor counted
    /// twice: the reading is done again until no store began or ended during it (a few times at most; a store
    /// takes one write).
    func withPending(_ readStored: () async throws -> [TelemetryRow]) async throws -> [TelemetryRow] {
        for _ in 0..<Self.readAttempts {
            let before = stores.withLockedValue { $0 }
            if before.isMultiple(of: 2) {
                let stored = try await readStored()
                let pending = minutes.withLockedValue { Self.rows(of: $0) }
                if stores.withLockedValue({ $0 }) == before { return stored + pending }
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await readStored() + minutes.withLockedValue { Self.rows(of: $0) }
    }

    private static let readAttempts = 50

    /// Stores the minutes over by `now` (all of them when `everything`, as the server stops).
    func store(now: Date, everything: Bool = false) async throws {
        let current = Self.start(of: Timestamp(now).millisecondsSince1970, resolution: TelemetryRow.minute)
        guard minutes.withLockedValue({ $0.keys.contains { everything || $0 < current } }) else { return }
        stores.withLockedValue { $0 += 1 }
        defer { stores.withLockedValue { $0 += 1 } }
        let over = minutes.withLockedValue { minutes in
            let over = minutes.filter { everything || $0.key < current }
            for minute in over.keys { minutes[minute] = nil }
            return over
        }
        try await storage.appendTelemetry(Self.rows(of: over))
    }

    /// Rolls up the hours over by `now` that have minutes and no hour rows yet (looking back `hours` hours), then
    /// deletes rows past their retention.
    func rollUp(now: Date, hours: Int = rollUpHours) async throws {
        let hour = Int64(TelemetryRow.hour) * 1000
        let current = Self.start(of: Timestamp(now).millisecondsSince1970, resolution: TelemetryRow.hour)
        let from = current - Int64(hours) * hour
        let minuteHours = Set(try await storage.telemetryIntervals(resolution: TelemetryRow.minute, from: from).map {
            Self.start(of: $0, resolution: TelemetryRow.hour)
        })
        let rolledUp = try await storage.telemetryIntervals(resolution: TelemetryRow.hour, from: from)
        for start in minuteHours.subtracting(rolledUp).sorted() where start < current {
            var merged: [TelemetryKey: TelemetryCounts] = [:]
            for row in try await storage.telemetryRows(resolution: TelemetryRow.minute, from: start, to: start + hour, container: nil) {
                merged[row.key, default: TelemetryCounts()].merge(row.counts)
            }
            try await storage.appendTelemetry(merged.map { TelemetryRow(resolution: TelemetryRow.hour, start: start, key: $0.key, counts: $0.value) })
        }
        try await sampleUsage(now: now)
        let now = Timestamp(now).millisecondsSince1970
        try await storage.pruneTelemetry(resolution: TelemetryRow.minute, before: now - Self.minuteRetention * 1000)
        try await storage.pruneTelemetry(resolution: TelemetryRow.hour, before: now - Self.hourRetention * 1000)
    }

    /// Samples what every container stores, by environment and record type, once an hour (whichever server comes
    /// first), and deletes samples past the hours' retention.
    func sampleUsage(now: Date) async throws {
        let milliseconds = Timestamp(now).millisecondsSince1970
        let hour = Self.start(of: milliseconds, resolution: TelemetryRow.hour)
        guard try await !storage.hasUsage(at: hour, pruningBefore: milliseconds - Self.hourRetention * 1000) else { return }
        var samples: [UsageSample] = []
        for container in try await storage.containers() {
            for environment in ContainerEnvironment.allCases {
                let assetBytes = try await storage.assetBytesByRecordType(in: container.id, environment: environment)
                for type in try await storage.recordTypeStatistics(in: container.id, environment: environment) where type.records > 0 {
                    samples.append(UsageSample(
                        hour: hour, container: container.id, environment: environment, recordType: type.recordType, records: type.records,
                        recordBytes: type.recordBytes, assetBytes: assetBytes[type.recordType] ?? 0))
                }
            }
        }
        try await storage.appendUsage(samples)
    }

    /// The start of the interval of `resolution` seconds that `milliseconds` falls in.
    static func start(of milliseconds: Int64, resolution: Int) -> Int64 {
        let length = Int64(resolution) * 1000
        return milliseconds - ((milliseconds % length) + length) % length
    }

    private static func rows(of minutes: [Int64: [TelemetryKey: TelemetryCounts]]) -> [TelemetryRow] {
        minutes.flatMap { minute, keys in
            keys.map { TelemetryRow(resolution: TelemetryRow.minute, start: minute, key: $0.key, counts: $0.value) }
        }
    }
}
