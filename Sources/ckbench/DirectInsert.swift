import CKModel
import CKServer
import Foundation
import GRDB

/// The storage limit `ckbench server` compares modify throughput with: the same records written with GRDB
/// straight into the server's own tables (a record row and its index entries, in transactions of 200, the
/// JSON of the fields made beforehand), in a database of its own, timed round by round.
///
/// `ckbench terminal` uses it to fill a server's database with a million records in seconds.
final class DirectInsert {
    private let queue: DatabaseQueue
    /// The zone the records go to.
    private let zone: Int64
    /// The fields of record `index`; `title` and `guests` get index entries.
    private let fields: (Int) -> [String: FieldValue]
    /// Records written so far, the untimed first batch included: the next record's position.
    private var written = 0
    /// The time the timed rounds took, and how many records they wrote.
    private(set) var elapsed = Duration.zero
    private(set) var timedRecords = 0

    /// Creates the database at `path` with the server's tables and writes one untimed batch, as the server
    /// gets a warm-up request: the statements and the page cache are then warm.
    init(path: String) throws {
        _ = try SQLiteStorage(path: path)
        queue = try DatabaseQueue(path: path)
        zone = 1
        fields = ServerBenchmark.fields
        try queue.write { db in
            try db.execute(sql: "INSERT INTO containers (id, developer_record_name, created_at) VALUES ('direct', '_d', 0)")
            try db.execute(sql: """
                INSERT INTO zones (container_id, environment, database_scope, owner_record_name, zone_name)
                VALUES ('direct', 'development', 'public', '', '_defaultZone')
                """)
        }
        try write(next: 200)
    }

    /// Writes into the development public default zone of `container` in an existing server database at `path`,
    /// which holds records `party-0` to `party-<written - 1>` of type `Party` already: the next records follow
    /// them, with `fields`.
    init(serverDatabase path: String, container: ContainerID, written: Int, fields: @escaping (Int) -> [String: FieldValue]) throws {
        queue = try DatabaseQueue(path: path)
        zone = try DevelopmentPublicZone.id(of: container, in: queue)
        self.written = written
        self.fields = fields
    }

    /// Records per second over the timed rounds.
    var throughput: Double {
        Double(timedRecords) / elapsed.seconds
    }

    /// Writes the next `count` records, timed.
    func insert(_ count: Int) throws {
        elapsed += try write(next: count)
        timedRecords += count
    }

    /// Writes the next `count` records and returns how long the writing took.
    @discardableResult
    private func write(next count: Int) throws -> Duration {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let rows = try (written..<written + count).map { index in
            (index, "party-\(index)", String(decoding: try encoder.encode(fields(index)), as: UTF8.self))
        }
        written += count
        let start = ContinuousClock.now
        for batch in stride(from: 0, to: rows.count, by: 200) {
            try queue.write { db in
                let record = try db.cachedStatement(sql: """
                    INSERT INTO records (zone_id, record_name, record_type, change_tag, fields, created_at, modified_at, change_number)
                    VALUES (?, ?, 'Party', ?, ?, 0, 0, ?)
                    """)
                let entry = try db.cachedStatement(sql: """
                    INSERT INTO record_index (zone_id, record_type, field_name, value, record_name) VALUES (?, 'Party', ?, ?, ?)
                    """)
                for (index, name, fields) in rows[batch..<min(batch + 200, rows.count)] {
                    try record.execute(arguments: [zone, name, String(index, radix: 36), fields, index + 1])
                    try entry.execute(arguments: [zone, "___recordID", name, name])
                    try entry.execute(arguments: [zone, "title", "title-\(index % 100)", name])
                    try entry.execute(arguments: [zone, "guests", index, name])
                }
            }
        }
        return ContinuousClock.now - start
    }

    /// Writes the next `count` records, untimed, in transactions of 200, and records the last change number in
    /// the zone as the server does, so that changes made later through the server come after them.
    func fill(_ count: Int) throws {
        for chunk in stride(from: 0, to: count, by: 10_000) {
            try write(next: min(10_000, count - chunk))
        }
        try queue.write { db in
            try db.execute(sql: "UPDATE zones SET last_change = MAX(last_change, ?) WHERE id = ?", arguments: [written, zone])
        }
    }
}
