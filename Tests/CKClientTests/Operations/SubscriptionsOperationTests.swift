import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Subscriptions against the real server", .heavy)
struct SubscriptionsOperationTests {
    @Test("saved subscriptions are listed and looked up; a deleted one is a per-item failure")
    func saveListLookupDelete() async throws {
        try await LiveServer.run { server in
            let client = server.userClient(database: .private)
            let zone = ZoneID(zoneName: "Notes")
            _ = try await client.modifyZones(saving: [zone])
            let (saved, _) = try await client.modifySubscriptions(saving: [
                Subscription(subscriptionID: "notes-changed", subscriptionType: .zone, zoneID: zone),
                Subscription(
                    subscriptionID: "big-parties", subscriptionType: .query, zoneID: zone,
                    query: Query(recordType: "Party"), firesOn: [.create, .update]),
            ])
            #expect(try saved.map { try $0.get().subscriptionID } == ["notes-changed", "big-parties"])

            let listed = try await client.allSubscriptions().map { try $0.get().subscriptionID }
            #expect(Set(listed.compactMap { $0 }) == ["notes-changed", "big-parties"])

            let (_, deleted) = try await client.modifySubscriptions(deleting: ["notes-changed"])
            #expect(try deleted.map { try $0.get() } == ["notes-changed"])

            let looked = try await client.lookupSubscriptions(["big-parties", "notes-changed"])
            #expect(try looked[0].get().query?.recordType == "Party")
            guard case .failure(let error) = looked[1] else {
                Issue.record("expected a failure for the deleted subscription, got \(looked[1])")
                return
            }
            #expect(error.serverErrorCode == .notFound)
        }
    }
}
