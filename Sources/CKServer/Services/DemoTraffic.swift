import CKModel
import Foundation

/// A day of made-up requests for the demo container's request log and telemetry, so the Monitor's logs, charts
/// and alert previews show something from the first second. Every entry is marked as made up: its client is
/// `synthetic-demo-traffic` and its request ID starts with `demo-`. The traffic rises and falls over the day, the
/// same on every replay, with an hour of failing saves (`CONFLICT`s and an outage's `SERVICE_UNAVAILABLE`) three hours ago.
struct DemoTraffic {
    let storage: any ServerStorage

    /// The client every made-up entry names.
    static let client = "synthetic-demo-traffic"

    /// Replays the day before `now` for `container`, acting as `users` (record names) and as anyone.
    func replay(for container: ContainerID, users: [String], now: Date = Date()) async throws {
        var random = SeededGenerator(seed: 2_026)
        let end = TelemetryRecorder.start(of: Timestamp(now).millisecondsSince1970, resolution: 60)
        let recorder = TelemetryRecorder(storage: storage)
        var entries: [RequestLogEntry] = []
        for minute in 0..<(24 * 60) {
            let start = end - Int64(24 * 60 - minute) * 60_000
            // The day rises to its busiest nine hours ago and falls to its quietest in the early hours of the day;
            // counted from the start of the day replayed, not the clock, so every replay is the same.
            let busy = 3 + 2.5 * sin((Double(minute) / 1_440 - 0.375) * 2 * .pi)
            let incident = minute >= 20 * 60 && minute < 21 * 60
            for second in 0..<Int(busy + Double(random.next(upTo: 3))) {
                entries.append(entry(at: start + Int64(second) * 997 % 60_000, container: container, users: users, incident: incident, random: &random))
            }
        }
        for batch in stride(from: 0, to: entries.count, by: 1_000) {
            try await storage.appendRequestLog(Array(entries[batch..<min(batch + 1_000, entries.count)]))
        }
        recorder.count(entries)
        try await recorder.store(now: now, everything: true)
        try await recorder.rollUp(now: now, hours: 25)
    }

    private static let operations = [
        ("records/query", 50), ("records/modify", 25), ("changes/zone", 10), ("records/lookup", 10), ("zones/list", 5),
    ]
    private static let platforms = [("iOS", 60), ("macOS", 25), ("watchOS", 5), ("browser", 10)]

    private func entry(at timestamp: Int64, container: ContainerID, users: [String], incident: Bool, random: inout SeededGenerator) -> RequestLogEntry {
        let operation = Self.pick(Self.operations, &random)
        let platform = Self.pick(Self.platforms, &random)
        let signedIn = operation != "records/query" || random.next(upTo: 2) == 0
        var entry = RequestLogEntry(
            timestamp: timestamp, requestID: "demo-\(timestamp)-\(random.next(upTo: 1_000_000))", containerID: container, environment: .development,
            database: signedIn && operation != "records/query" ? .private : .public, operation: operation,
            zones: [operation == "records/query" ? ZoneID.defaultZoneName : "Receipts"], recordTypes: [operation == "records/query" ? "Party" : "Receipt"],
            caller: signedIn ? .user : .anyone, userID: signedIn ? users[random.next(upTo: users.count)] : nil,
            platform: platform == "browser" ? nil : platform, client: Self.client, status: 200,
            latencyMicroseconds: Int64(1_500 + random.next(upTo: 6_000) + (random.next(upTo: 50) == 0 ? random.next(upTo: 80_000) : 0)),
            bytesIn: 200 + random.next(upTo: 800), bytesOut: 400 + random.next(upTo: 6_000))
        switch operation {
        case "records/modify":
            entry.operationCounts = ["update": 1 + random.next(upTo: 3)]
            entry.recordsWritten = entry.operationCounts["update"] ?? 0
            if incident, random.next(upTo: 3) == 0 {
                entry.recordsWritten = 0
                entry.itemErrors = ["CONFLICT": entry.operationCounts["update"] ?? 1]
            }
        case "zones/list":
            break
        default:
            entry.recordsRead = random.next(upTo: 60)
        }
        if incident, random.next(upTo: 10) == 0 {
            entry.status = 503
            entry.serverErrorCode = "SERVICE_UNAVAILABLE"
            entry.reason = "the server's database is unavailable; try again shortly"
            entry.recordsRead = 0
            entry.recordsWritten = 0
            entry.itemErrors = [:]
        } else if random.next(upTo: 200) == 0 {
            entry.status = 400
            entry.serverErrorCode = "BAD_REQUEST"
            entry.reason = "made-up demo failure"
        }
        return entry
    }

    /// One of `choices`, each as likely as its weight.
    private static func pick(_ choices: [(String, Int)], _ random: inout SeededGenerator) -> String {
        var roll = random.next(upTo: choices.reduce(0) { $0 + $1.1 })
        for (choice, weight) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[0].0
    }
}

extension SeededGenerator {
    /// A number from 0 to `bound` − 1.
    mutating func next(upTo bound: Int) -> Int {
        Int(next(upperBound: UInt64(max(bound, 1))))
    }
}
