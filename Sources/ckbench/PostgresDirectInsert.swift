import CKServer
import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL limit `ckbench server --engine postgres` compares modify throughput with: the same records
/// written with postgres-nio straight into the server's own tables (a record row and its index entries), 200 a
/// transaction, each table's rows in one multi-row INSERT (arrays unnested), in a schema of its own.
final class PostgresDirectInsert: DirectRows {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let logger = Logger(label: "ckbench")
    private let zone: Int64
    /// Records written so far, the untimed first batch included: the next record's position.
    private var written = 0
    /// The time the timed rounds took, and how many records they wrote.
    private var elapsed = Duration.zero
    private var timedRecords = 0

    /// Creates the server's tables at `location` (a schema of the benchmark's own), and writes one untimed batch.
    static func open(_ location: PostgresLocation) async throws -> PostgresDirectInsert {
        await (try PostgresStorage.open(location)).close()
        let client = PostgresClient(configuration: location.clientConfiguration(connections: 1))
        let running = Task { await client.run() }
        try await client.query("INSERT INTO containers (id, developer_record_name, created_at) VALUES ('direct', '_d', 0)")
        var zone: Int64 = 0
        for try await id in try await client.query("""
            INSERT INTO zones (container_id, environment, database_scope, owner_record_name, zone_name)
            VALUES ('direct', 'development', 'public', '', '_defaultZone') RETURNING id
            """
        ).decode(Int64.self) {
            zone = id
        }
        let direct = PostgresDirectInsert(client: client, running: running, zone: zone)
        _ = try await direct.write(next: 200)
        return direct
    }

    private init(client: PostgresClient, running: Task<Void, Never>, zone: Int64) {
        self.client = client
        self.running = running
        self.zone = zone
    }

    var throughput: Double {
        Double(timedRecords) / elapsed.seconds
    }

    func insert(_ count: Int) async throws {
        elapsed += try await write(next: count)
        timedRecords += count
    }

    /// Ends the client's connections.
    func close() async {
        running.cancel()
        await running.value
    }

    /// Writes the next `count` records and returns how long the writing took.
    private func write(next count: Int) async throws -> Duration {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let indices = Array(written..<written + count)
        let fields = try indices.map { String(decoding: try encoder.encode(ServerBenchmark.fields($0)), as: UTF8.self) }
        written += count
        let zone = zone
        let start = ContinuousClock.now
        for batch in stride(from: 0, to: indices.count, by: 200) {
            let part = indices[batch..<min(batch + 200, indices.count)]
            let names = part.map { "party-\($0)" }
            let tags = part.map { String($0, radix: 36) }
            let changes = part.map { Int64($0 + 1) }
            let texts = Array(fields[batch..<batch + part.count])
            // Three entries a record, as the server makes them: its name, its title and its guest count.
            let entryFields = part.flatMap { _ in ["___recordID", "title", "guests"] }
            let entryNumbers = part.flatMap { ["", "", "\($0)"] }
            let entryTexts = part.flatMap { ["party-\($0)", "title-\($0 % 100)", ""] }
            let entryNames = part.flatMap { Array(repeating: "party-\($0)", count: 3) }
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("""
                    INSERT INTO records (zone_id, record_name, record_type, change_tag, fields, created_at, modified_at, change_number)
                    SELECT \(zone), n, 'Party', t, f, 0, 0, c FROM UNNEST(\(names)::text[], \(tags)::text[], \(texts)::text[], \(changes)::bigint[]) AS u(n, t, f, c)
                    """, logger: logger)
                try await connection.query("""
                    INSERT INTO record_index (zone_id, record_type, field_name, number, text, record_name)
                    SELECT \(zone), 'Party', f, NULLIF(x, '')::numeric, NULLIF(t, ''), n
                    FROM UNNEST(\(entryFields)::text[], \(entryNumbers)::text[], \(entryTexts)::text[], \(entryNames)::text[]) AS u(f, x, t, n)
                    """, logger: logger)
            }
        }
        return ContinuousClock.now - start
    }
}
