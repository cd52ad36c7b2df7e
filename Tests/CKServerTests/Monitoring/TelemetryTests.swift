import CKModel
@testable import CKServer
import Foundation
import Testing

@Suite("telemetry: minutes counted from the requests, hours rolled up, series read over a range")
struct TelemetryTests {
    private static let container = ContainerID(rawValue: "iCloud.com.example.Telemetry")!

    private static func entry(
        at timestamp: Int64, operation: String = "records/query", error: String? = nil, itemErrors: [String: Int] = [:], user: String? = nil,
        latency: Int64 = 1_000, platform: String? = "iOS"
    ) -> RequestLogEntry {
        RequestLogEntry(
            timestamp: timestamp, requestID: UUID().uuidString, containerID: container, environment: .development, database: .private,
            operation: operation, caller: user == nil ? .anyone : .user, userID: user, platform: platform, status: error == nil ? 200 : 400,
            serverErrorCode: error, itemErrors: itemErrors, latencyMicroseconds: latency, bytesIn: 100, bytesOut: 1_000)
    }

    @Test("a latency histogram and a user sketch survive being stored, and estimate what they counted")
    func sketches() {
        var histogram = LatencyHistogram()
        for value in 1...1_000 { histogram.record(Int64(value) * 100) }
        let stored = LatencyHistogram(text: histogram.text)
        #expect(stored.count == 1_000)
        #expect(abs(Double(stored.percentile(95) ?? 0) - 95_000) < 95_000 * 0.02)
        #expect(LatencyHistogram().percentile(50) == nil)
        var users = UserSketch()
        for index in 0..<2_000 { users.add("_user\(index)") }
        for index in 0..<500 { users.add("_user\(index)") }
        let estimate = UserSketch(text: users.text).estimate
        #expect(abs(estimate - 2_000) < 2_000 * 0.15, "estimated \(estimate)")
        var few = UserSketch()
        ["_a", "_b", "_c", "_a"].forEach { few.add($0) }
        #expect(few.estimate == 3)
        #expect(UserSketch(text: "not base64").isEmpty)
    }

    @Test("a minute stored while telemetry is read is counted once, not missed (a read of storage then memory straddling the store)")
    func readStraddlingAStore() async throws {
        let storage = try await TemporaryStorage().storage
        let recorder = TelemetryRecorder(storage: storage)
        let minute = TelemetryRecorder.start(of: Timestamp(Date()).millisecondsSince1970, resolution: 60) - 120_000
        recorder.count([Self.entry(at: minute + 1_000, user: "_ann")])
        let later = Date(timeIntervalSince1970: Double(minute + 180_000) / 1000)
        var reads = 0
        let rows = try await recorder.withPending {
            reads += 1
            // The first read of storage comes before the store lands; the store then empties the memory.
            if reads == 1 {
                try await recorder.store(now: later)
                return []
            }
            return try await storage.telemetryRows(resolution: TelemetryRow.minute, from: minute, to: minute + 60_000, container: nil)
        }
        #expect(rows.map(\.counts.requests).reduce(0, +) == 1)
        #expect(reads == 2, "read again once the store ended")
    }

    @Test("minutes from two servers add up, hours roll up once, and old rows are deleted", arguments: TemporaryStorage.engines)
    func minutesAndHours(engine: StorageEngine) async throws {
        let storage = try await TemporaryStorage(engine: engine).storage
        let hour: Int64 = 3_600_000
        let base = TelemetryRecorder.start(of: Timestamp(Date()).millisecondsSince1970, resolution: 3_600) - 3 * hour
        let first = TelemetryRecorder(storage: storage)
        let second = TelemetryRecorder(storage: storage)
        first.count([Self.entry(at: base + 1_000, user: "_ann"), Self.entry(at: base + 61_000, error: "BAD_REQUEST", user: "_bob")])
        second.count([Self.entry(at: base + 2_000, operation: "records/modify", itemErrors: ["CONFLICT": 1], user: "_ann")])
        let later = Date(timeIntervalSince1970: Double(base + 3 * hour + 120_000) / 1000)
        try await first.store(now: later)
        try await second.store(now: later)
        #expect(try await first.withPending { [] }.isEmpty)

        let service = TelemetryService(storage: storage, recorder: nil)
        let day = try await service.series(.requests, range: .day, group: nil, filter: ManagementLogs.Filter(), now: later)
        #expect(day.series.count == 1 && day.series[0].points.compactMap { $0 }.reduce(0, +) == 3)
        let byOperation = try await service.series(.requests, range: .day, group: .operation, filter: ManagementLogs.Filter(), now: later)
        #expect(byOperation.series.map(\.group) == ["records/query", "records/modify"])
        let errors = try await service.series(.errors, range: .day, group: .errorCode, filter: ManagementLogs.Filter(), now: later)
        #expect(Set(errors.series.map(\.group)) == ["", "BAD_REQUEST", "CONFLICT"])
        let conflicts = try await service.series(.requests, range: .day, group: nil, filter: ManagementLogs.Filter(errorCode: "CONFLICT"), now: later)
        #expect(conflicts.series[0].points.compactMap { $0 }.reduce(0, +) == 1)
        let users = try await service.series(.activeUsers, range: .hour, group: nil, filter: ManagementLogs.Filter(), now: later)
        #expect(users.series[0].points.allSatisfy { $0 == nil }, "the last hour had no requests")
        let usersOfDay = try await service.series(.activeUsers, range: .day, group: nil, filter: ManagementLogs.Filter(), now: later)
        #expect(usersOfDay.series[0].points.compactMap { $0 } == [2], "ann and bob, counted once in their quarter hour")

        try await first.rollUp(now: later, hours: 4)
        try await second.rollUp(now: later, hours: 4)
        let hours = try await storage.telemetryRows(resolution: 3_600, from: base, to: base + hour, container: nil)
        #expect(hours.map(\.counts.requests).reduce(0, +) == 3, "rolled up once, whichever server came first")
        let week = try await service.series(.requests, range: .week, group: nil, filter: ManagementLogs.Filter(), now: later)
        #expect(week.series[0].points.compactMap { $0 }.reduce(0, +) == 3)
        let rate = try await service.series(.errorRate, range: .week, group: nil, filter: ManagementLogs.Filter(), now: later)
        #expect(rate.series[0].points.compactMap { $0 }.map { ($0 * 10).rounded() / 10 } == [66.7])

        let muchLater = later.addingTimeInterval(49 * 3_600)
        try await first.rollUp(now: muchLater, hours: 1)
        #expect(try await storage.telemetryRows(resolution: 60, from: 0, to: .max, container: nil).isEmpty)
        #expect(try await storage.telemetryRows(resolution: 3_600, from: 0, to: .max, container: nil).count == hours.count)
    }

    @Test(
        "a week's and a month's series count the minutes stored since the last hours were rolled up, at any time of their last point",
        arguments: [10, 3 * 60, 5 * 60 + 50] as [Int64])
    func recentMinutesOfLongRanges(minutesIntoPoint: Int64) async throws {
        let storage = try await TemporaryStorage().storage
        let sixHours: Int64 = 6 * 3_600_000
        let point = TelemetryRecorder.start(of: Timestamp(Date()).millisecondsSince1970, resolution: 6 * 3_600) - sixHours
        let counted = point + minutesIntoPoint * 60_000
        let recorder = TelemetryRecorder(storage: storage)
        recorder.count([Self.entry(at: counted)])
        let now = Date(timeIntervalSince1970: Double(counted + 120_000) / 1000)
        try await recorder.store(now: now)
        let service = TelemetryService(storage: storage, recorder: nil)
        for range in [TelemetryRange.week, .month] {
            let series = try await service.series(.requests, range: range, group: nil, filter: ManagementLogs.Filter(), now: now)
            #expect(series.series[0].points.compactMap { $0 }.reduce(0, +) == 1, "\(range)")
        }
    }
}
