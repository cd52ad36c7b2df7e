import CKModel
import CKServer
import Foundation

/// The server scenarios: a fresh data folder, the server on a loopback port, and timed requests.
struct ServerBenchmark {
    let records: Int
    let large: Int
    let samples: Int
    /// The URL of the PostgreSQL server to run on (in schemas of the benchmark's own), or `nil` for SQLite.
    var postgres: String?
    /// How many server processes share the PostgreSQL database (1 on SQLite); modify's clients are spread over them.
    var instances = 1
    let container = ContainerID(rawValue: "iCloud.com.example.Bench")!

    /// The benchmark's record type, `Party`, with `extraFields` (such as `venue STRING`) after its own.
    static func schema(adding extraFields: [String] = []) -> String {
        let fields = [#""___recordID" REFERENCE QUERYABLE"#, "title STRING QUERYABLE SORTABLE", "guests INT64 QUERYABLE SORTABLE"] + extraFields
        return """
            DEFINE SCHEMA
            RECORD TYPE Party (
            \(fields.map { "    \($0),\n" }.joined())    GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
            );
            """
    }

    func run() async throws -> [BenchmarkFigure] {
        let schemas = postgres.map { url in (server: Self.schema(named: "ckbench", of: url), direct: Self.schema(named: "ckbench_direct", of: url)) }
        do {
            let figures = try await measure(serverURL: schemas?.server, directURL: schemas?.direct)
            await PostgresSchemas.drop([schemas?.server, schemas?.direct].compactMap { $0 })
            return figures
        } catch {
            await PostgresSchemas.drop([schemas?.server, schemas?.direct].compactMap { $0 })
            throw error
        }
    }

    /// The figures, on SQLite, or on PostgreSQL with the server's tables at `serverURL` and the direct insert's at
    /// `directURL`.
    private func measure(serverURL: String?, directURL: String?) async throws -> [BenchmarkFigure] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ServerConfiguration(dataDirectory: folder)
        let engine = try serverURL.map { StorageEngine.postgres(try PostgresLocation(url: $0)) } ?? .sqlite
        let storage = try await engine.open(configuration)
        try await ContainerService(storage: storage).create(container)
        _ = try await SchemaService(storage: storage).importDevelopment(Self.schema(), into: container)
        let token = try await CredentialService(storage: storage, configuration: configuration)
            .createManagementToken(name: "ckbench", container: nil, readOnly: false)
        let (user, webAuthToken) = try await UserService(storage: storage, configuration: configuration)
            .create(name: "bench", emailAddress: nil, in: container)
        let apiToken = try await CredentialService(storage: storage, configuration: configuration).createAPIToken(container: container)

        let servers = try (0..<instances).map { _ in try BenchmarkServerProcess(data: folder, postgres: serverURL) }
        defer { servers.forEach { $0.stop() } }
        let server = servers[0]
        let clients = try servers.map {
            BenchmarkClient(server: try LoopbackClient(url: $0.url), basePath: "/database/1/\(container)/development", managementToken: token)
        }
        let client = clients[0]

        var figures: [BenchmarkFigure] = []
        // One untimed batch first, as for the direct insert: the connection, the statements and the caches are
        // then warm, and the phases measure the steady state.
        try await client.postExpectingSuccess("records/modify", body: try Self.createBody(0..<200, recordType: "Warmup"))
        let direct: any DirectRows = if let directURL {
            try await PostgresDirectInsert.open(PostgresLocation(url: directURL))
        } else {
            try DirectInsert(path: folder.appendingPathComponent("direct.sqlite").path)
        }
        let cpuBeforeModify = try BenchmarkServerProcess.cpuTime(of: servers)
        let modifyRate = try await modifyThroughput(clients, count: records, clients: 1, recordType: "Party", alternatingWith: direct)
        let modifyCPU = try BenchmarkServerProcess.cpuTime(of: servers) - cpuBeforeModify
        let concurrentRate = try await modifyThroughput(clients, count: records, clients: 2, recordType: "Gathering", alternatingWith: direct)
        let spread = instances > 1 ? ", spread over \(instances) servers" : ""
        figures += [
            BenchmarkFigure(name: "modify, batches of 200, 1 client", value: modifyRate, unit: "records/s"),
            BenchmarkFigure(name: "modify, batches of 200, 2 clients\(spread)", value: concurrentRate, unit: "records/s"),
            BenchmarkFigure(
                name: postgres == nil ? "direct GRDB insert, same rows" : "direct multi-row INSERT, same rows", value: direct.throughput,
                unit: "records/s"),
            BenchmarkFigure(name: "modify / direct insert, 1 client", value: modifyRate / direct.throughput, unit: "ratio"),
            BenchmarkFigure(name: "modify / direct insert, 2 clients", value: concurrentRate / direct.throughput, unit: "ratio"),
            BenchmarkFigure(name: "server CPU per record, batches of 200", value: modifyCPU.milliseconds / Double(records), unit: "ms"),
        ]
        let unlogged = try BenchmarkServerProcess(data: folder, postgres: serverURL, requestLog: false)
        defer { unlogged.stop() }
        let unloggedClient = BenchmarkClient(server: try LoopbackClient(url: unlogged.url), basePath: client.basePath, managementToken: token)
        figures += try await requestLogCost(logged: (client, server), unlogged: (unloggedClient, unlogged), count: records)
        figures += try await queryLatencies(client, size: records)
        if postgres == nil {
            // Compared with rows read straight from the SQLite file; PostgreSQL has no such figure yet.
            let directRead = try DirectRead(serverDatabase: configuration.databaseURL.path, container: container)
            figures += try await queryPaging(client, recordType: "Party", count: records, direct: directRead, server: server)
            figures += try await lookups(client, recordType: "Party", count: records, direct: directRead)
        }
        var signedIn = client
        signedIn.signedIn = SignedInUser(apiToken: apiToken, webAuthToken: webAuthToken)
        figures += try await singleRecordUpdates(signedIn, count: 2_000, server: server)
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
        await (direct as? PostgresDirectInsert)?.close()
        return figures
    }

    /// The PostgreSQL URL `url` with a new schema whose name starts with `prefix`.
    static func schema(named prefix: String, of url: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "schema=\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))"
    }

    /// The fields of benchmark record `index`: 100 distinct titles, one guest count per record.
    static func fields(_ index: Int) -> [String: FieldValue] {
        ["title": .string("title-\(index % 100)"), "guests": .int64(Int64(index))]
    }

    /// `records/modify` bodies creating records `0..<count` of `recordType`, 200 a body.
    static func createBodies(_ count: Int, recordType: String) throws -> [Data] {
        try stride(from: 0, to: count, by: 200).map { try createBody($0..<min($0 + 200, count), recordType: recordType) }
    }

    private static func createBody(_ range: Range<Int>, zone: String? = nil, recordType: String = "Party") throws -> Data {
        let operations = range.map { index in
            RecordOperation(.create, Record(recordName: "\(recordType.lowercased())-\(index)", recordType: recordType, fields: fields(index)))
        }
        return try JSONEncoder().encode(RecordsModify.Request(operations: operations, zoneID: zone.map { ZoneID(zoneName: $0) }))
    }

    /// Records per second created in batches of 200 by `clients` clients at once, each sending its next batch
    /// when its server answered the last (of the type `recordType`, so each run writes records of its own); client
    /// `n` sends to the server of `servers[n % servers.count]`.
    ///
    /// The records go in rounds of ten batches, each followed by a round of the direct insert of as many
    /// records, with a pause before each round for background work (WAL checkpoints) to finish: a slow spell
    /// of this shared machine then weighs on both sides of the ratio alike.
    private func modifyThroughput(
        _ servers: [BenchmarkClient], count: Int, clients: Int, recordType: String, alternatingWith direct: any DirectRows
    ) async throws -> Double {
        let bodies = try Self.createBodies(count, recordType: recordType)
        var elapsed = Duration.zero
        for round in stride(from: 0, to: bodies.count, by: 10) {
            let batches = bodies[round..<min(round + 10, bodies.count)]
            try await Task.sleep(for: .milliseconds(50))
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for first in 0..<clients {
                    let client = servers[first % servers.count]
                    group.addTask {
                        for body in stride(from: batches.startIndex + first, to: batches.endIndex, by: clients).map({ batches[$0] }) {
                            try await client.postExpectingSuccess("records/modify", body: body)
                        }
                    }
                }
                try await group.waitForAll()
            }
            elapsed += ContinuousClock.now - start
            try await Task.sleep(for: .milliseconds(50))
            try await direct.insert(min(count, (round + batches.count) * 200) - round * 200)
        }
        return Double(count) / elapsed.seconds
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
            BenchmarkFigure(name: "query equality p50 at \(label)", value: equality.percentile(0.50).milliseconds, unit: "ms"),
            BenchmarkFigure(name: "query equality p99 at \(label)", value: equality.percentile(0.99).milliseconds, unit: "ms"),
            BenchmarkFigure(name: "query sorted page p50 at \(label)", value: sorted.percentile(0.50).milliseconds, unit: "ms"),
            BenchmarkFigure(name: "query sorted page p99 at \(label)", value: sorted.percentile(0.99).milliseconds, unit: "ms"),
        ]
    }

    /// Grows the type through the record service (no HTTP) to `target` records.
    private func load(from start: Int, to target: Int, storage: any ServerStorage) async throws {
        let service = RecordService(storage: storage)
        let access = try await developerAccess(storage: storage, database: .public)
        for batch in stride(from: start, to: target, by: 200) {
            let operations = (batch..<min(batch + 200, target)).map { index in
                RecordOperation(.create, Record(recordName: "party-\(index)", recordType: "Party", fields: Self.fields(index)))
            }
            _ = try await service.modify(RecordsModify.Request(operations: operations), access: access)
        }
    }

    private func changeFeedThroughput(_ client: BenchmarkClient, count: Int, storage: any ServerStorage, owner: String) async throws -> BenchmarkFigure {
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
            let page = try await client.postPage("changes/zone", database: "private", body: try JSONEncoder().encode(request), next: "syncToken")
            read += page.records
            token = page.next
            if !page.moreComing { break }
        }
        guard read == count else { throw BenchmarkError("changes/zone returned \(read) of \(count) records") }
        return BenchmarkFigure(name: "changes/zone from a zero token", value: Double(read) / (ContinuousClock.now - start).seconds, unit: "records/s")
    }

    private func developerAccess(storage: any ServerStorage, database: DatabaseScope) async throws -> DatabaseAccess {
        let info = try await ContainerService(storage: storage).existing(container)
        return DatabaseAccess(
            container: info, environment: .development, database: database,
            caller: .developer(userRecordName: info.developerRecordName), serverURL: "")
    }
}
