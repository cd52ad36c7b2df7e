import CKModel
@testable import CKServer
import Foundation
import Testing

/// Alert rules evaluated over a week of stored telemetry: a specific error code against a threshold relative to
/// its trailing average, over an hour and over a day, and the same counts against fixed thresholds.
@Suite("alert rules: relative thresholds, hour and day windows, one error code")
struct AlertEvaluatorTests {
    private static let container = ContainerID(rawValue: "iCloud.com.example.Alerts")!
    private static let hour: Int64 = 3_600_000

    /// A row of `requests` requests of which `errors` failed with `code`, starting at `start`.
    private static func row(_ resolution: Int, at start: Int64, requests: Int, errors: Int, code: String) -> TelemetryRow {
        var counts = TelemetryCounts()
        counts.requests = requests
        counts.errors = errors
        let key = TelemetryKey(
            container: container, environment: .production, database: .private, operation: "records/modify", platform: "iOS", errorCode: code)
        return TelemetryRow(resolution: resolution, start: start, key: key, counts: counts)
    }

    private static func rule(_ window: AlertWindow, threshold: Double, relative: Bool, code: String) -> AlertRule {
        AlertRule(name: "\(code) \(window.rawValue)", containerID: container, metric: .errors, errorCode: code, threshold: threshold, relative: relative, window: window)
    }

    @Test("a week of one CONFLICT an hour, then a hundred in the last hour: the relative rules on CONFLICT fire over an hour and a day, BAD_REQUEST and a high fixed threshold do not; the preview fires at that hour")
    func relativeThresholds() async throws {
        let storage = try await TemporaryStorage().storage
        let now = TelemetryRecorder.start(of: Timestamp(Date()).millisecondsSince1970, resolution: 3_600)
        // As servers keep them: every hour rolled up, and the minutes of the last 47 hours besides (one row an hour
        // here); the hours older than the last two are read from hourly rows, the rest from minutes.
        var rows = stride(from: now - 169 * Self.hour, to: now - Self.hour, by: Int(Self.hour)).map {
            Self.row(TelemetryRow.hour, at: $0, requests: 10, errors: 1, code: "CONFLICT")
        }
        rows += stride(from: now - 47 * Self.hour, to: now - Self.hour, by: Int(Self.hour)).map {
            Self.row(TelemetryRow.minute, at: $0, requests: 10, errors: 1, code: "CONFLICT")
        }
        rows.append(Self.row(TelemetryRow.hour, at: now - Self.hour, requests: 100, errors: 100, code: "CONFLICT"))
        rows.append(Self.row(TelemetryRow.minute, at: now - Self.hour + 60_000, requests: 100, errors: 100, code: "CONFLICT"))
        try await storage.appendTelemetry(rows)
        let evaluator = AlertEvaluator(telemetry: TelemetryService(storage: storage, recorder: nil))

        let hourly = try await evaluator.measure(Self.rule(.hour, threshold: 200, relative: true, code: "CONFLICT"), at: now)
        #expect(hourly.value == 100 && hourly.threshold.map { abs($0 - 3) < 0.01 } == true, "one an hour on average, three times that: \(hourly)")
        #expect(AlertEvaluator.fires(value: hourly.value, threshold: hourly.threshold))

        let daily = try await evaluator.measure(Self.rule(.day, threshold: 200, relative: true, code: "CONFLICT"), at: now)
        #expect(daily.value == 123, "the burst and the 23 hours before it")
        #expect(daily.threshold.map { abs($0 - 145.0 / 7 * 3) < 0.01 } == true, "145 in the week before the day (as stored), per day, three times: \(daily)")
        #expect(AlertEvaluator.fires(value: daily.value, threshold: daily.threshold))

        let other = try await evaluator.measure(Self.rule(.hour, threshold: 200, relative: true, code: "BAD_REQUEST"), at: now)
        #expect(!AlertEvaluator.fires(value: other.value, threshold: other.threshold), "no BAD_REQUEST at all: \(other)")
        let fixed = try await evaluator.measure(Self.rule(.day, threshold: 200, relative: false, code: "CONFLICT"), at: now)
        #expect(fixed.value == 123 && fixed.threshold == 200 && !AlertEvaluator.fires(value: fixed.value, threshold: fixed.threshold))

        let preview = try await evaluator.preview(Self.rule(.hour, threshold: 200, relative: true, code: "CONFLICT"), now: now + 60_000)
        #expect(preview.firings.last?.start == now, "fires at the end of the hour of the burst: \(preview.firings)")
        #expect(preview.firings.last?.end == now + Self.hour, "and recovers an hour later")
    }
}
