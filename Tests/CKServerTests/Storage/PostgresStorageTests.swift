@testable import CKServer
import CKModel
import CKTestSupport
import Foundation
import Testing

@Suite("PostgreSQL engine: start, migrations, failures", .heavy, .enabled(if: TestStorageEngine.postgresURL != nil, "CKSERVER_TEST_POSTGRES names no server"))
struct PostgresStorageTests {
    @Test("opening an empty database creates every table; opening it again applies nothing")
    func migrations() async throws {
        let location = TestStorageEngine.freshLocation()
        let storage = try await PostgresStorage.open(location)
        let versions = try await storage.read { try $0.rows("SELECT version FROM ckserver_migrations ORDER BY version").map { try $0.decode(Int.self) } }
        #expect(versions == Array(1...PostgresStorage.migrations.count))
        let tables = try await storage.read { transaction in
            try transaction.rows("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").first?.decode(Int.self)
        }
        #expect(tables == 32)
        await storage.close()

        let again = try await PostgresStorage.open(location)
        let applied = try await again.read { try $0.rows("SELECT count(*) FROM ckserver_migrations").first?.decode(Int.self) }
        #expect(applied == PostgresStorage.migrations.count)
        await again.close()
    }

    @Test("whether a place holds a server is found without creating anything there, on either engine")
    func holdsServer() async throws {
        let location = TestStorageEngine.freshLocation()
        let engine = StorageEngine.postgres(location)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        let configuration = ServerConfiguration(dataDirectory: folder)
        #expect(try await engine.holdsServer(configuration) == false)
        #expect(try await StorageEngine.sqlite.holdsServer(configuration) == false)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        // Asked again on a storage of the server's own: the first question created no schema and no table.
        let storage = try await PostgresStorage.open(TestStorageEngine.freshLocation())
        let schemas = try await storage.read { transaction in
            try transaction.rows("SELECT count(*) FROM information_schema.schemata WHERE schema_name = \(location.schema!)").first?.decode(Int.self)
        }
        #expect(schemas == 0)
        await storage.close()

        await (try engine.open(configuration) as? PostgresStorage)?.close()
        _ = try await StorageEngine.sqlite.open(configuration)
        #expect(try await engine.holdsServer(configuration))
        #expect(try await StorageEngine.sqlite.holdsServer(configuration))
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("texts a batch writes as an array literal come back from PostgreSQL exactly, missing ones as NULL")
    func arrayLiterals() async throws {
        let storage = try await PostgresStorage.open(TestStorageEngine.freshLocation())
        let values: [String?] = ["plain", nil, "NULL", "", #"quote " and backslash \ "#, "{braces}, commas", "Ünïcødé 🎉", #"\""#]
        let literal = PendingRecordRows.arrayLiteral(values)
        let read = try await storage.read { transaction in
            try transaction.rows("SELECT value FROM unnest(\(literal)::text[]) WITH ORDINALITY AS element(value, position) ORDER BY position")
                .map { try $0.decode(String?.self) }
        }
        #expect(read == values)
        await storage.close()
    }

    @Test("three servers starting at once on an empty database set it up once")
    func concurrentStarts() async throws {
        let location = TestStorageEngine.freshLocation()
        let storages = try await withThrowingTaskGroup(of: PostgresStorage.self) { group in
            for _ in 0..<3 { group.addTask { try await PostgresStorage.open(location) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let applied = try await storages[0].read { try $0.rows("SELECT count(*) FROM ckserver_migrations").first?.decode(Int.self) }
        #expect(applied == PostgresStorage.migrations.count)
        for storage in storages { await storage.close() }
    }

    @Test("a database set up by a newer ckserver is refused at start, saying so")
    func newerDatabase() async throws {
        let location = TestStorageEngine.freshLocation()
        let storage = try await PostgresStorage.open(location)
        let newer = PostgresStorage.migrations.count + 1
        try await storage.write { try $0.execute("INSERT INTO ckserver_migrations (version, name) VALUES (\(newer), 'from the future')") }
        await storage.close()

        let error = await #expect(throws: PostgresStorageError.self) { try await PostgresStorage.open(location) }
        #expect(error == .newerDatabase(found: newer, known: PostgresStorage.migrations.count))
        #expect(error?.description.contains("run a newer ckserver") == true)
    }

    @Test("a database that goes away is answered TRY_AGAIN_LATER within seconds, and the server works again once it is back")
    func outage() async throws {
        let cluster = try await ThrowawayPostgres.start()
        do {
            let storage = try await PostgresStorage.open(PostgresLocation(url: cluster.url))
            let party = ContainerID(rawValue: "iCloud.com.example.Party")!
            _ = try await ContainerService(storage: storage).create(party)
            try await cluster.stop()
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<2 {
                let error = await #expect(throws: ServerError.self) { try await storage.containers() }
                #expect(error?.serverErrorCode == .tryAgainLater && error?.retryAfter != nil)
            }
            #expect(clock.now - start < .seconds(10))

            try await cluster.resume()
            var containers: [ContainerInfo]?
            let deadline = clock.now + .seconds(30)
            while containers == nil, clock.now < deadline {
                containers = try? await storage.containers()
                if containers == nil { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(containers?.map(\.id) == [party], "the server still fails \(clock.now - start) after the database came back")
            await storage.close()
        } catch {
            try await cluster.remove()
            throw error
        }
        try await cluster.remove()
    }

    @Test("a value PostgreSQL cannot keep (a NUL in a text, a searched word over an index entry's size) is BAD_REQUEST, never INTERNAL_ERROR")
    func refusedValues() async throws {
        let storage = try await PostgresStorage.open(TestStorageEngine.freshLocation())
        let zone = ZoneKey(
            container: ContainerID(rawValue: "iCloud.com.example.Party")!, environment: .development, database: .private,
            ownerRecordName: "_owner", zoneName: "Work")
        _ = try await ContainerService(storage: storage).create(zone.container)
        _ = try await storage.createZone(zone)
        let nul = await #expect(throws: ServerError.self) { try await storage.records(named: ["a\u{0}b"], in: zone) }
        #expect(nul?.serverErrorCode == .badRequest)
        var random = SystemRandomNumberGenerator()
        let noise = String((0..<12_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122, using: &random))) })
        let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: "iCloud")
        let record = StoredRecord(recordName: "long", recordType: "Note", changeTag: "", fields: ["title": .string(noise)], created: stamp, modified: stamp)
        let entries = RecordIndexes(searchEntries: [SearchEntry(fieldName: "title", text: noise)])
        let long = await #expect(throws: ServerError.self) { try await storage.apply([.insert(record, entries)], in: zone, atomic: true) }
        #expect(long?.serverErrorCode == .badRequest)
        #expect(try await storage.records(named: ["long"], in: zone).isEmpty)
        await storage.close()
    }

    @Test("a statement refused inside a transaction rolls back what the transaction wrote")
    func rollback() async throws {
        let storage = try await PostgresStorage.open(TestStorageEngine.freshLocation())
        await #expect(throws: (any Error).self) {
            try await storage.write { transaction in
                try transaction.execute("INSERT INTO containers (id, developer_record_name, created_at) VALUES ('iCloud.a', '_dev', 0)")
                try transaction.execute("INSERT INTO containers (id, developer_record_name, created_at) VALUES ('iCloud.a', '_dev', 0)")
            }
        }
        let count = try await storage.read { try $0.rows("SELECT count(*) FROM containers").first?.decode(Int.self) }
        #expect(count == 0)
        await storage.close()
    }
}

@Suite("PostgreSQL engine: locations and unreachable servers")
struct PostgresLocationTests {
    @Test("a URL gives the host, port, user, password, database, encryption and schema; its description hides the password")
    func reading() throws {
        let location = try PostgresLocation(url: "postgresql://app:s%40cret@db.internal:6543/ckserver?sslmode=require&schema=tenant_1")
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.username == "app")
        #expect(location.password == "s@cret")
        #expect(location.database == "ckserver")
        #expect(location.encryption == .require)
        #expect(location.schema == "tenant_1")
        #expect(location.description == "postgres://app:***@db.internal:6543/ckserver?sslmode=require&schema=tenant_1")
        let defaults = try PostgresLocation(url: "postgres://app@localhost")
        #expect(defaults.port == 5432)
        #expect(defaults.database == "app")
        #expect(defaults.encryption == .prefer)
    }

    @Test("an unreadable URL is refused with what is wrong, never its password", arguments: [
        ("mysql://app@db/ckserver", "expected a URL such as"),
        ("postgres:///ckserver", "names no host"),
        ("postgres://db.internal/ckserver", "names no user"),
        ("postgres://app@db/ckserver?sslmode=sometimes", "sslmode sometimes"),
        ("postgres://app@db/ckserver?schema=a;drop", "schema a;drop must be"),
        ("postgres://app@db/ckserver?pool=3", "pool is not known"),
        ("https://app:hunter2@db/ckserver", "***"),
    ])
    func refusing(url: String, expected: String) throws {
        let error = #expect(throws: PostgresStorageError.self) { try PostgresLocation(url: url) }
        #expect(error?.description.contains(expected) == true, "\(error.map(String.init(describing:)) ?? "")")
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test("a server that is not there fails the start in seconds with one line naming the place and the reason")
    func unreachable() async throws {
        let port = try TestPorts.closed()
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: PostgresStorageError.self) {
            try await PostgresStorage.open(PostgresLocation(url: "postgres://app:hunter2@127.0.0.1:\(port)/ckserver"))
        }
        #expect(clock.now - start < .seconds(10))
        let message = error?.description ?? ""
        #expect(message.hasPrefix("cannot connect to PostgreSQL at postgres://app:***@127.0.0.1:\(port)/ckserver: "))
        #expect(!message.contains("\n") && !message.contains("hunter2"))
    }

    @Test("a migration's statements are split one by one, a function body kept whole")
    func statements() {
        let sql = """
            CREATE TABLE a (x INTEGER);
            CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RETURN NULL;
            END $$;
            CREATE INDEX a_x ON a (x);
            """
        let statements = PostgresStorage.statements(of: sql)
        #expect(statements.count == 3)
        #expect(statements[1].contains("RETURN NULL;") && statements[1].contains("END $$;"))
    }
}
