import CKModel
import Foundation

/// The scenarios of what an app's users feel: paging a type with `records/query`, `records/lookup`, and saves of
/// one record per request by a signed-in user; reads as ratios to the same rows read straight with GRDB.
extension ServerBenchmark {
    /// Rounds each read scenario runs, each followed by the direct read of the same rows: a round of 10,000 records
    /// takes some 40 ms, so that with three the ratio moved by a tenth between runs of the same build.
    static let readRounds = 10

    /// The ratio of the served rate to the direct one: the median of the rounds' ratios, each round's served read
    /// timed next to its direct one, so that a burst of another process's work on a shared host, which slows one
    /// side of one round, does not move the figure as it moves the totals.
    static func medianRatio(served: [Duration], direct: [Duration]) -> Double {
        zip(served, direct).map { served, direct in direct.seconds / served.seconds }.percentile(0.5)
    }

    /// Records per second paged through `recordType` (which holds `count` records) with `records/query`, 200 a
    /// page, and the ratio to `direct` reading the same pages, in the median round (`medianRatio`).
    func queryPaging(
        _ client: BenchmarkClient, recordType: String, count: Int, direct: DirectRead, server: BenchmarkServerProcess
    ) async throws -> [BenchmarkFigure] {
        var served: [Duration] = []
        var read: [Duration] = []
        var cpu = Duration.zero
        for _ in 0..<Self.readRounds {
            let cpuBefore = try server.cpuTime
            served.append(try await timed {
                var marker: String?
                var records = 0
                repeat {
                    let request = RecordsQuery.Request(query: Query(recordType: recordType), resultsLimit: 200, continuationMarker: marker)
                    let page = try await client.postPage("records/query", body: try JSONEncoder().encode(request), next: "continuationMarker")
                    records += page.records
                    marker = page.next
                } while marker != nil
                guard records == count else { throw BenchmarkError("records/query paged \(records) of \(count) records") }
            })
            cpu += try server.cpuTime - cpuBefore
            read.append(try await timed {
                let records = try direct.page(through: recordType, pageSize: 200)
                guard records == count else { throw BenchmarkError("the direct read paged \(records) of \(count) records") }
            })
        }
        return [
            BenchmarkFigure(name: "records/query paging, 200 a page", value: Double(count) / served.percentile(0.5).seconds, unit: "records/s"),
            BenchmarkFigure(name: "direct GRDB read, same pages", value: Double(count) / read.percentile(0.5).seconds, unit: "records/s"),
            BenchmarkFigure(name: "records/query paging / direct read", value: Self.medianRatio(served: served, direct: read), unit: "ratio"),
            BenchmarkFigure(name: "server CPU per record paged", value: cpu.milliseconds * 1000 / Double(count * Self.readRounds), unit: "µs"),
        ]
    }

    /// Records per second looked up with `records/lookup`, 200 random names of the `count` records of
    /// `recordType` a request, and the ratio to `direct` reading the same names, in the median round.
    func lookups(_ client: BenchmarkClient, recordType: String, count: Int, direct: DirectRead) async throws -> [BenchmarkFigure] {
        var generator = SystemRandomNumberGenerator()
        let requests = 50
        var served: [Duration] = []
        var read: [Duration] = []
        for _ in 0..<Self.readRounds {
            let batches = (0..<requests).map { _ in
                (0..<200).map { _ in "\(recordType.lowercased())-\(Int.random(in: 0..<count, using: &generator))" }
            }
            let bodies = try batches.map { names in
                try JSONEncoder().encode(RecordsLookup.Request(records: names.map { RecordsLookup.Item(recordName: $0) }))
            }
            served.append(try await timed {
                for body in bodies { try await client.postExpectingSuccess("records/lookup", body: body) }
            })
            read.append(try await timed {
                for names in batches where try direct.lookUp(names) != Set(names).count {
                    throw BenchmarkError("the direct read missed some of \(names.count) records")
                }
            })
        }
        return [
            BenchmarkFigure(name: "records/lookup, 200 a request", value: Double(requests * 200) / served.percentile(0.5).seconds, unit: "records/s"),
            BenchmarkFigure(name: "direct GRDB read, same names", value: Double(requests * 200) / read.percentile(0.5).seconds, unit: "records/s"),
            BenchmarkFigure(name: "records/lookup / direct read", value: Self.medianRatio(served: served, direct: read), unit: "ratio"),
        ]
    }

    /// Requests per second and server CPU per request of a signed-in user saving one record per request (a
    /// `forceUpdate` of one of 100 records of their private database, with the web auth token each answer
    /// rotates to), as apps mostly save; and, as what every such request costs before any record work (HTTP,
    /// authentication, the token's rotation), the server CPU of as many `users/current` requests.
    func singleRecordUpdates(_ client: BenchmarkClient, count: Int, server: BenchmarkServerProcess) async throws -> [BenchmarkFigure] {
        let records = (0..<100).map { Record(recordName: "note-\($0)", recordType: "Note", fields: ["text": .string("note \($0)")]) }
        try await client.postExpectingSuccess(
            "records/modify", database: "private",
            body: try JSONEncoder().encode(RecordsModify.Request(operations: records.map { RecordOperation(.create, $0) })))
        let bodies = try (0..<count).map { index in
            var record = records[index % records.count]
            record.fields = ["text": .string("edit \(index)")]
            return try JSONEncoder().encode(RecordsModify.Request(operations: [RecordOperation(.forceUpdate, record)]))
        }
        let cpuBefore = try server.cpuTime
        let elapsed = try await timed {
            for body in bodies { try await client.postExpectingSuccess("records/modify", database: "private", body: body) }
        }
        let cpu = try server.cpuTime - cpuBefore
        let floorBefore = try server.cpuTime
        for _ in 0..<count { try await client.getExpectingSuccess("users/current", database: "private") }
        let floor = try server.cpuTime - floorBefore
        return [
            BenchmarkFigure(name: "single-record update, signed-in user", value: Double(count) / elapsed.seconds, unit: "requests/s"),
            BenchmarkFigure(name: "server CPU per single-record update", value: cpu.milliseconds / Double(count), unit: "ms"),
            BenchmarkFigure(name: "server CPU per users/current, same user", value: floor.milliseconds / Double(count), unit: "ms"),
        ]
    }

    func timed(_ body: () async throws -> Void) async throws -> Duration {
        let start = ContinuousClock.now
        try await body()
        return ContinuousClock.now - start
    }
}
