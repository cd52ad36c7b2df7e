import CKModel
import Foundation
import GRDB
import HummingbirdTesting
import Testing

@testable import CKServer

/// Share records saved before shares were indexed get their index entries where a server opens its storage.
@Suite("Index entries an upgrade leaves to rebuild", .heavy)
struct PendingReindexingTests {
    @Test("the migration leaves share records to index, and opening the storage indexes them and forgets it")
    func migrationLeavesShares() async throws {
        let queue = try DatabaseQueue()
        try SQLiteStorage.migrator.migrate(queue, upTo: "sign-in passwords and callbacks")
        try SQLiteStorage.migrator.migrate(queue)
        #expect(try await queue.read { db in try String.fetchAll(db, sql: "SELECT record_type FROM pending_reindexes") } == [ShareRecord.recordType])
        let opened = try await TemporaryStorage()
        #expect(try await opened.storage.pendingReindexes().isEmpty, "opening the storage rebuilt what was pending")
    }

    @Test("a share without index entries is missed by a sorted query until its entries are rebuilt")
    func rebuildsShares() async throws {
        let server = try await TestServer()
        let mei = TestCredentials.user(server.webAuthToken)
        let sorted = #"{"zoneID":{"zoneName":"Trip"},"query":{"recordType":"cloudkit.share","sortBy":[{"fieldName":"___createTime","ascending":false}]}}"#
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Trip"}}}]}"#, as: mei, database: "private")
            _ = try await server.post(
                client, "records/modify", #"{"zoneID":{"zoneName":"Trip"},"operations":[{"operationType":"create","record":{"recordType":"Plan","recordName":"plan"}}]}"#,
                as: mei, database: "private")
            let shared = try await server.post(client, "records/modify", #"""
                {"zoneID":{"zoneName":"Trip"},"operations":[
                 {"operationType":"create","record":{"recordType":"cloudkit.share","recordName":"share1","forRecord":{"recordName":"plan"}}}]}
                """#, as: mei, database: "private")
            #expect(try TestServer.records(shared).first?["serverErrorCode"] == nil, "\(String(buffer: shared.body))")
            let names = { (response: TestResponse) in try TestServer.records(response).compactMap { $0["recordName"] as? String } }
            #expect(try names(try await server.post(client, "records/query", sorted, as: mei, database: "private")) == ["share1"])

            // As a share saved before shares were indexed: no entries.
            for environment in ContainerEnvironment.allCases {
                try await server.temporary.storage.reindex(recordType: ShareRecord.recordType, in: server.container, environment: environment) { _ in RecordIndexes() }
            }
            #expect(try names(try await server.post(client, "records/query", sorted, as: mei, database: "private")).isEmpty)
            try await PendingReindexing.rebuild([ShareRecord.recordType], on: server.temporary.storage)
            #expect(try names(try await server.post(client, "records/query", sorted, as: mei, database: "private")) == ["share1"])
        }
    }
}
