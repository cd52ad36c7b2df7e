import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Zones against the real server", .heavy)
struct ZonesOperationTests {
    @Test("created zones are listed and looked up; a deleted or unknown zone is a ZONE_NOT_FOUND item")
    func createListLookupDelete() async throws {
        try await LiveServer.run { server in
            let client = server.userClient(database: .private)
            let (created, _) = try await client.modifyZones(saving: [ZoneID(zoneName: "Work"), ZoneID(zoneName: "Home")])
            #expect(try created.map { try $0.get().zoneID.zoneName } == ["Work", "Home"])

            let listed = try await client.allZones().map { try $0.get().zoneID.zoneName }
            #expect(Set(listed).isSuperset(of: ["_defaultZone", "Work", "Home"]))

            let (_, deleted) = try await client.modifyZones(deleting: [ZoneID(zoneName: "Home")])
            #expect(try deleted.map { try $0.get().zoneName } == ["Home"])

            let looked = try await client.lookupZones([ZoneID(zoneName: "Work"), ZoneID(zoneName: "Home"), ZoneID(zoneName: "Nowhere")])
            #expect(try looked[0].get().zoneID.zoneName == "Work")
            for result in looked.dropFirst() {
                guard case .failure(let error) = result else {
                    Issue.record("expected ZONE_NOT_FOUND, got \(result)")
                    continue
                }
                #expect(error.serverErrorCode == .zoneNotFound)
            }
        }
    }
}
