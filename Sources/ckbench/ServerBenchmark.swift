import AsyncHTTPClient
import CKModel
import CKServer
import Foundation
import GRDB
import Logging

/// The server scenarios: a fresh data folder, the server on a loopback port, and timed requests.
struct ServerBenchmark {
    let records: Int
    let large: Int
    let samples: Int
    let container = ContainerID(rawValue: "iCloud.com.example.Bench")!

    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Party (
            "___recordID" REFERENCE QUERYABLE,
            title STRING QUERYABLE SORTABLE,
            guests INT64 QUERYABLE SORTABLE,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
        );
        """

    func run() async throws -> [BenchmarkFigure] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ServerConfiguration(dataDirectory: folder)
        let storage = try SQLiteStorage(path: configuration.databaseURL.path)
        try await ContainerService(storage: storage).create(container)
        _ = try await SchemaService(storage: storage).importDevelopment(Self.schema, into: container)
        let token = try await CredentialService(storage: storage, configuration: configuration)
            .createManagementToken(name: "ckbench", container: nil, readOnly: false)
        let (user, _) = try await UserService(storage: storage, configuration: configuration)
            .create(name: "bench", emailAddress: nil, in: container)

        var logger = Logger(label: "ckbench")
        logger.logLevel = .error
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = Task {
            try await runServer(
                services: ServerServices(storage: storage, configuration: configuration), host: "127.0.0.1", port: 0, logger: logger,
                onListening: { portContinuation.yield($0) })
        }
        defer { server.cancel() }
        var ports = portStream.makeAsyncIterator()
        guard let port = await ports.next() else { throw BenchmarkError("the server did not start") }

        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = http.shutdown() }
        let client = BenchmarkClient(
            http: http, baseURL: "http://127.0.0.1:\(port)/database/1/\(container)/development", managementToken: token)

        var figures: [BenchmarkFigure] = []
        let modifyRate = try await modifyThroughput(client, count: records, clients: 1, recordType: "Party")
        let concurrentRate = try await modifyThroughput(client, count: records, clients: 2, recordType: "Gathering")
        let directRate = try directInsertThroughput(folder: folder, count: records)
        figures += [
            BenchmarkFigure(name: "modify, batches of 200, 1 client", value: modifyRate, unit: "records/s"),
            BenchmarkFigure(name: "modify, batches of 200, 2 clients", value: concurrentRate, unit: "records/s"),
            BenchmarkFigure(name: "direct GRDB insert, same rows", value: directRate, unit: "records/s"),
            BenchmarkFigure(name: "modify / direct insert, 1 client", value: modifyRate / directRate, unit: "ratio"),
            BenchmarkFigure(name: "modify / direct insert, 2 clients", value: concurrentRate / directRate, unit: "ratio"),
        ]
        figures += try await queryLatencies(client, size: records)
        let serviceStart = ContinuousClock.now
        try await load(from: records, to: 2 * records, storage: storage)
        figures.append(BenchmarkFigure(
            name: "modify through the service, no HTTP", value: Double(records) / (ContinuousClock.now - serviceStart).seconds,
            unit: "records/s"))
        if large > 2 * records {
            try await load(from: 2 * records, to: large, storage: storage)
            figures += try await queryLatencies(client, size: large)
        }
        var userClient = client
        userClient.actingAs = user.userRecordName
        figures.append(try await changeFeedThroughput(userClient, count: records, storage: storage, owner: user.userRecordName))
        return figures
    }

    /// The fields of benchmark record `index`: 100 distinct titles, one guest count per record.
    static func fields(_ index: Int) -> [String: FieldValue] {
        ["title": .string("title-\(index % 100)"), "guests": .int64(Int64(index))]
    }

    private static func createBody(_ range: Range<Int>, zone: String? = nil, recordType: String = "Party") throws -> Data {
        let operations = range.map { index in
            RecordOperation(.create, Record(recordName: "\(recordType.lowercased())-\(index)", recordType: recordType, fields: fields(index)))
        }
        return try JSONEncoder().encode(RecordsModify.Request(operations: operations, zoneID: zone.map { ZoneID(zoneName: $0) }))
    }

    /// Records per second created in batches of 200 by `clients` clients at once, each sending its next batch
    /// when the server answered the last (of the type `recordType`, so each run writes records of its own).
    private func modifyThroughput(_ client: BenchmarkClient, count: Int, clients: Int, recordType: String) async throws -> Double {
        let bodies = try stride(from: 0, to: count, by: 200).map { try Self.createBody($0..<min($0 + 200, count), recordType: recordType) }
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for first in 0..<clients {
                group.addTask {
                    for body in stride(from: first, to: bodies.count, by: clients).map({ bodies[$0] }) {
                        try await client.postExpectingSuccess("records/modify", body: body)
                    }
                }
            }
            try await group.waitForAll()
        }
        return Double(count) / (ContinuousClock.now - start).seconds
    }

    /// The storage limit: the same records written with GRDB straight into the server's own tables (a record
    /// row and its index entries, in transactions of 200), with the JSON of the fields made beforehand.
    private func directInsertThroughput(folder: URL, count: Int) throws -> Double {
        let path = folder.appendingPathComponent("direct.sqlite").path
        _ = try SQLiteStorage(path: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO containers (id, developer_record_name, created_at) VALUES ('direct', '_d', 0)")
            try db.execute(sql: """
                INSERT INTO zones (container_id, environment, database_scope, owner_record_name, zone_name)
                VALUES ('direct', 'development', 'public', '', '_defaultZone')
                """)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let rows = try (0..<count).map { index in ("party-\(index)", String(decoding: try encoder.encode(Self.fields(index)), as: UTF8.self)) }
        let start = ContinuousClock.now
        for batch in stride(from: 0, to: count, by: 200) {
            try queue.write { db in
                let record = try db.cachedStatement(sql: """
                    INSERT INTO records (zone_id, record_name, record_type, change_tag, fields, created_at, modified_at, change_number)
                    VALUES (1, ?, 'Party', ?, ?, 0, 0, ?)
                    """)
                let entry = try db.cachedStatement(sql: """
                    INSERT INTO record_index (zone_id, record_type, field_name, value, record_name) VALUES (1, 'Party', ?, ?, ?)
                    """)
                for (offset, (name, fields)) in rows[batch..<min(batch + 200, count)].enumerated() {
                    let index = batch + offset
                    try record.execute(arguments: [name, String(index, radix: 36), fields, index + 1])
                    try entry.execute(arguments: ["___recordID", name, name])
                    try entry.execute(arguments: ["title", "title-\(index % 100)", name])
                    try entry.execute(arguments: ["guests", index, name])
                }
            }
        }
        return Double(count) / (ContinuousClock.now - start).seconds
    }

    private func queryLatencies(_ client: BenchmarkClient, size: Int) async throws -> [BenchmarkFigure] {
        var generator = SystemRandomNumberGenerator()
        var equality: [Duration] = []
        var sorted: [Duration] = []
        for _ in 0..<samples {
            let title = "title-\(Int.random(in: 0..<100, using: &generator))"
            let filter = Filter(.field("title"), .equals, .string(title))
            let equalityBody = try JSONEncoder().encode(RecordsQuery.Request(query: Query(recordType: "Party", filterBy: [filter]), resultsLimit: 50))
            equality.append(try await timed { _ = try await client.post("records/query", body: equalityBody) })
            let from = Filter(.field("guests"), .greaterThanOrEquals, .int64(Int64.random(in: 0..<Int64(size), using: &generator)))
            let sortedQuery = Query(recordType: "Party", filterBy: [from], sortBy: [SortDescriptor(.field("guests"))])
            let sortedBody = try JSONEncoder().encode(RecordsQuery.Request(query: sortedQuery, resultsLimit: 50))
            sorted.append(try await timed { _ = try await client.post("records/query", body: sortedBody) })
        }
        let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k"
        return [
            BenchmarkFigure(name: "query equality p50 at \(label)", value: Self.percentile(equality, 0.50), unit: "ms"),
            BenchmarkFigure(name: "query equality p99 at \(label)", value: Self.percentile(equality, 0.99), unit: "ms"),
            BenchmarkFigure(name: "query sorted page p50 at \(label)", value: Self.percentile(sorted, 0.50), unit: "ms"),
            BenchmarkFigure(name: "query sorted page p99 at \(label)", value: Self.percentile(sorted, 0.99), unit: "ms"),
        ]
    }

    /// Grows the type through the record service (no HTTP) to `target` records.
    private func load(from start: Int, to target: Int, storage: SQLiteStorage) async throws {
        let service = RecordService(storage: storage)
        let access = try await developerAccess(storage: storage, database: .public)
        for batch in stride(from: start, to: target, by: 200) {
            let operations = (batch..<min(batch + 200, target)).map { index in
                RecordOperation(.create, Record(recordName: "party-\(index)", recordType: "Party", fields: Self.fields(index)))
            }
            _ = try await service.modify(RecordsModify.Request(operations: operations), access: access)
        }
    }

    private func changeFeedThroughput(_ client: BenchmarkClient, count: Int, storage: SQLiteStorage, owner: String) async throws -> BenchmarkFigure {
        _ = try await client.post(
            "zones/modify", database: "private",
            body: try JSONEncoder().encode(Zones.ModifyRequest(operations: [ZoneOperation(.create, Zone(zoneID: ZoneID(zoneName: "Feed")))])))
        for batch in stride(from: 0, to: count, by: 200) {
            _ = try await client.post("records/modify", database: "private", body: try Self.createBody(batch..<min(batch + 200, count), zone: "Feed"))
        }
        var token: String?
        var read = 0
        let start = ContinuousClock.now
        while true {
            let request = ChangesZone.Request(zones: [ChangesZone.ZoneRequest(zoneID: ZoneID(zoneName: "Feed"), syncToken: token)], resultsLimit: 200)
            let page = try await client.postChanges(database: "private", body: try JSONEncoder().encode(request))
            read += page.records
            token = page.syncToken
            if !page.moreComing { break }
        }
        guard read == count else { throw BenchmarkError("changes/zone returned \(read) of \(count) records") }
        return BenchmarkFigure(name: "changes/zone from a zero token", value: Double(read) / (ContinuousClock.now - start).seconds, unit: "records/s")
    }

    private func developerAccess(storage: SQLiteStorage, database: DatabaseScope) async throws -> DatabaseAccess {
        let info = try await ContainerService(storage: storage).existing(container)
        return DatabaseAccess(
            container: info, environment: .development, database: database,
            caller: .developer(userRecordName: info.developerRecordName), serverURL: "")
    }

    private func timed(_ body: () async throws -> Void) async throws -> Duration {
        let start = ContinuousClock.now
        try await body()
        return ContinuousClock.now - start
    }

    private static func percentile(_ durations: [Duration], _ fraction: Double) -> Double {
        let sorted = durations.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
        return sorted[max(0, index)].seconds * 1000
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
