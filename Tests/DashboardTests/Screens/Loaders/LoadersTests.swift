import CKClient
import CKModel
import CKServer
import CKTestSupport
import Testing

@testable import Dashboard

@Suite("The screens' loaders against the embedded demo server", .heavy)
struct LoadersTests {
    @Test("containers with their record counts, users to act as, and the zones of the demo user's private database")
    func containersAndZones() async throws {
        try await DemoServer.run { demo in
            let containers = try await ContainersLoader(client: demo.client).containers()
            #expect(containers.map(\.containerID) == [EmbeddedServer.demoContainer, EmbeddedServer.journalContainer])
            #expect(containers[0].recordCounts.contains { $0.environment == .development && $0.database == .public && $0.records == 3002 }, "3000 parties and 2 users")
            let users = try await ContainersLoader(client: demo.client).users(of: EmbeddedServer.demoContainer)
            #expect(users.map(\.name) == ["demo", "guest"])
            let session = try await demo.session(.private)
            let zones = try await ZonesLoader(client: session.client(from: demo.client)).zones()
            #expect(zones.map(\.zoneID.zoneName) == ["_defaultZone", "Receipts"])
        }
    }

    @Test("record types from the schema with counts from the statistics; production has its own schema")
    func recordTypes() async throws {
        try await DemoServer.run { demo in
            var session = try await demo.session()
            let loader = RecordTypesLoader(client: session.client(from: demo.client))
            let (schema, ckdb) = try await loader.schema()
            #expect(schema.recordTypes.map(\.name) == ["Party", "Shoebox", "Receipt", "Users"])
            #expect(ckdb.contains("rsvpCount"))
            #expect(try await loader.statistics()["Party"]?.records == 3000)
            session.environment = .production
            let production = try await RecordTypesLoader(client: session.client(from: demo.client)).schema()
            #expect(production.schema.recordTypes.first { $0.name == "Party" }?.field(named: "rsvpCount") == nil)
        }
    }

    @Test("pages of Party records fill the page cache in order; a record and the receipts that point to its shoebox")
    func recordsAndBackReferences() async throws {
        try await DemoServer.run { demo in
            let publicClient = try await demo.session().client(from: demo.client)
            let loader = RecordsLoader(client: publicClient)
            var cache = RecordPageCache(pageSize: 200, capacity: 3)
            let query = Query(recordType: "Party", sortBy: [SortDescriptor(.field("name"), ascending: true)])
            let paging = QueryPaging(query: query, zone: nil, desiredKeys: ["name"], resultsLimit: nil)
            while let next = cache.nextFetch(for: 590..<610) {
                let page = try await loader.page(try #require(paging.request(from: next.page * cache.pageSize, marker: next.marker)))
                #expect(page.failed == 0)
                cache.store(page: next.page, records: page.records, continuationMarker: page.continuationMarker)
            }
            #expect(cache.knownCount == 800 && !cache.isComplete)
            #expect(cache.record(at: 600)?.fields?["name"] != nil)

            let session = try await demo.session(.private, zone: "Receipts")
            let records = RecordLoader(client: session.client(from: demo.client))
            let shoebox = try await records.record(named: "shoebox-3", in: session.zone)
            #expect(shoebox.fields?["label"] == .string("Shoebox 3"))
            let schema = try await RecordTypesLoader(client: session.client(from: demo.client)).schema().schema
            let pointing = try await records.backReferences(to: "shoebox-3", in: session.zone, schema: schema)
            #expect(pointing.map(\.recordType) == ["Receipt"] && pointing.first?.field == "shoebox")
            #expect(pointing.first?.recordNames.count == 20 && pointing.first?.hasMore == false)
            let missing = await #expect(throws: CloudKitClientError.self) { try await records.record(named: "shoebox-999", in: session.zone) }
            #expect(missing?.serverErrorCode == .notFound)
        }
    }
}
