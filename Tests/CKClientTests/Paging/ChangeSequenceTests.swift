import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Change feeds followed through sync tokens", .heavy)
struct ChangeSequenceTests {
    static func note(_ name: String, _ text: String) -> Record {
        Record(recordName: name, recordType: "Note", fields: ["text": .string(text)])
    }

    @Test("a zone's changes come in pages while moreComing, and the last token resumes with only what changed since")
    func zoneChangesResumeFromToken() async throws {
        try await LiveServer.run { server in
            let client = server.userClient(database: .private)
            let zone = ZoneID(zoneName: "Notes")
            _ = try await client.modifyZones(saving: [zone])
            let (saved, _) = try await client.modifyRecords(saving: (1...5).map { Self.note("n\($0)", "note \($0)") }, in: zone)
            #expect(saved.count == 5)

            var pages: [ZoneChangesPage] = []
            for try await page in client.zoneChangePages(in: zone, resultsLimit: 2) {
                pages.append(page)
            }
            #expect(pages.map(\.records.count) == [2, 2, 1])
            #expect(pages.map(\.moreComing) == [true, true, false])
            let token = try #require(pages.last?.syncToken)

            var changed = try saved[0].get()
            changed.fields?["text"] = .string("edited")
            _ = try await client.modifyRecords(saving: [changed, Self.note("n6", "new")], deleting: ["n2"], in: zone)
            var since: [Record] = []
            for try await page in client.zoneChangePages(in: zone, since: token) {
                since += page.records
            }
            #expect(Set(since.compactMap(\.recordName)) == ["n1", "n2", "n6"])
            #expect(since.first { $0.recordName == "n2" }?.deleted == true)
            #expect(since.first { $0.recordName == "n1" }?.fields?["text"] == .string("edited"))
        }
    }

    @Test("the database feed names the zones that changed, and a later token names none until another change")
    func databaseChanges() async throws {
        try await LiveServer.run { server in
            let client = server.userClient(database: .private)
            _ = try await client.modifyZones(saving: [ZoneID(zoneName: "A"), ZoneID(zoneName: "B")])
            var zoneNames: Set<String> = []
            var token: String?
            for try await page in client.databaseChangePages() {
                zoneNames.formUnion(try page.zones.map { try $0.get().zoneID.zoneName })
                token = page.syncToken
            }
            #expect(zoneNames.isSuperset(of: ["A", "B"]))
            let unchanged = try await client.databaseChanges(since: token)
            #expect(unchanged.zones.isEmpty)
            _ = try await client.modifyRecords(saving: [Self.note("n1", "x")], in: ZoneID(zoneName: "B"))
            let after = try await client.databaseChanges(since: token)
            #expect(try after.zones.map { try $0.get().zoneID.zoneName } == ["B"])
        }
    }

    @Test("the older records/changes feed answers the same records and token semantics")
    func olderRecordChanges() async throws {
        try await LiveServer.run { server in
            let client = server.userClient(database: .private)
            let zone = ZoneID(zoneName: "Notes")
            _ = try await client.modifyZones(saving: [zone])
            _ = try await client.modifyRecords(saving: [Self.note("n1", "a"), Self.note("n2", "b")], in: zone)
            let first = try await client.recordChanges(in: zone)
            #expect(Set(first.records.compactMap(\.recordName)) == ["n1", "n2"])
            #expect(first.moreComing == false)
            let next = try await client.recordChanges(in: zone, since: first.syncToken)
            #expect(next.records.isEmpty)
        }
    }
}
