import CKModel
import CKSchema
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

/// A whole server copied from SQLite to PostgreSQL and back (`ServerTransfer`, what `ckserver migrate` runs).
@Suite("Copying a server between engines", .heavy, .enabled(if: TestStorageEngine.postgresURL != nil, "CKSERVER_TEST_POSTGRES names no server"))
struct ServerTransferTests {
    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE SORTABLE, body STRING SEARCHABLE, owner REFERENCE,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");
        RECORD TYPE Party ("___recordID" REFERENCE QUERYABLE, photo ASSET, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");
        """

    private func note(_ name: String, title: String, body: String = "", owner: String? = nil) -> String {
        let ownerField = owner.map { #","owner":{"value":{"recordName":"\#($0)","action":"DELETE_SELF"}}"# } ?? ""
        return #"{"operationType":"create","record":{"recordType":"Note","recordName":"\#(name)","fields":{"title":{"value":"\#(title)"},"body":{"value":"\#(body)"}\#(ownerField)}}}"#
    }

    /// A server with a deployed schema, a zone of notes (one deleted, one owned by another), a subscription, a
    /// public record holding an uploaded file, and a zone deleted after the others were made; returns the file's
    /// receipt and the deleted zone's sync token.
    private func populate(_ server: TestServer) async throws -> (receipt: String, goneToken: String) {
        let schemas = SchemaService(storage: server.temporary.storage)
        try await schemas.importDevelopment(Self.schema, into: server.container)
        _ = try await schemas.deploy(server.container, actor: "tests")
        let developer = TestCredentials.developer(actingAs: server.user.userRecordName)
        return try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, as: developer, database: "private")
            let notes = [note("n1", title: "a", body: "Café au lait"), note("n2", title: "b", owner: "n1"), note("n3", title: "c")]
            let created = try TestServer.records(try await server.post(
                client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[\#(notes.joined(separator: ","))]}"#, as: developer, database: "private"))
            let tag = try #require(created.last?["recordChangeTag"] as? String)
            _ = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"delete","record":{"recordName":"n3","recordChangeTag":"\#(tag)"}}]}"#, as: developer, database: "private")
            let subscribe = #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"notes","zoneID":{"zoneName":"Box"}}}]}"#
            _ = try await server.post(client, "subscriptions/modify", subscribe, as: developer, database: "private")
            let tokens = try await server.post(client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: developer)
                .json["tokens"] as? [[String: Any]]
            let url = try #require(tokens?.first?["url"] as? String)
            let uploaded = try await client.execute(uri: try #require(URL(string: url)).path, method: .post, body: ByteBuffer(string: "cake"))
            let file = try #require(try uploaded.json["singleFile"] as? [String: Any])
            let value = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
            let party = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1","fields":{"photo":{"value":\#(value)}}}}]}"#
            #expect(try TestServer.records(try await server.post(client, "records/modify", party, as: developer)).first?["serverErrorCode"] == nil)
            // The zone with the highest number, deleted: a copy must not give its number to the next new zone.
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Gone"}}}]}"#, as: developer, database: "private")
            let feed = try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Gone"}}]}"#, as: developer, database: "private")
            let goneToken = try #require((try feed.json["zones"] as? [[String: Any]])?.first?["syncToken"] as? String)
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"delete","zone":{"zoneID":{"zoneName":"Gone"}}}]}"#, as: developer, database: "private")
            return (try #require(file["receipt"] as? String), goneToken)
        }
    }

    /// What a server answers and keeps, in text that must come out the same from a copy: query, search and
    /// change feed answers, and what the storage lists of containers, deploys, users, subscriptions, credentials,
    /// the audit log and each record type's index entries.
    private func observations(_ server: TestServer) async throws -> [String] {
        let developer = TestCredentials.developer(actingAs: server.user.userRecordName)
        let requests = [
            ("records/query", #"{"zoneID":{"zoneName":"Box"},"query":{"recordType":"Note","filterBy":[{"fieldName":"title","comparator":"EQUALS","fieldValue":{"value":"b"}}]}}"#),
            ("records/query", #"{"zoneID":{"zoneName":"Box"},"query":{"recordType":"Note","sortBy":[{"fieldName":"title","ascending":false}]}}"#),
            ("records/query", #"{"zoneID":{"zoneName":"Box"},"query":{"recordType":"Note","filterBy":[{"fieldName":"body","comparator":"CONTAINS_ALL_TOKENS","fieldValue":{"value":"cafe"}}]}}"#),
            ("changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Box"}}]}"#),
            ("changes/database", "{}"),
        ]
        var seen = try await server.live { client in
            var answers: [String] = []
            for (operation, body) in requests {
                let answer = try await server.post(client, operation, body, as: developer, database: "private")
                let object = try JSONSerialization.jsonObject(with: Data(buffer: answer.body))
                answers.append("\(operation) \(answer.status.code) " + String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self))
            }
            return answers
        }
        let storage = server.temporary.storage
        seen.append("\(try await storage.containers())")
        seen.append("\(try await storage.deployments(of: server.container))")
        let schemas = try await storage.schemas(of: server.container)
        seen.append(SchemaPrinter.print(schemas.development) + SchemaPrinter.print(schemas.production) + "\(schemas.hasBeenDeployed)")
        seen.append("\(try await storage.users(in: server.container).sorted { $0.userRecordName < $1.userRecordName })")
        seen.append("\(try await storage.allSubscriptions(in: server.container, environment: .development, scope: .private))")
        for kind in [CredentialKind.apiToken, .managementToken, .webAuthToken] {
            seen.append("\(try await storage.credentials(of: kind, container: nil).map(\.secretHash).sorted())")
        }
        seen.append("\(try await storage.auditEntries(matching: ManagementAudit.Filter(), before: nil, limit: 100))")
        for environment in ContainerEnvironment.allCases {
            let statistics = try await storage.recordTypeStatistics(in: server.container, environment: environment)
            seen.append("\(statistics.map { "\($0.recordType) \($0.records) " + $0.indexes.map { "\($0.field) \($0.isSearch) \($0.entries)" }.joined(separator: ",") })")
        }
        return seen
    }

    /// What a copy must still do: sign the user in with their token, download the file, cascade a delete along
    /// a reference it never saw made, number a new zone past the copied ones and the deleted one, so that the
    /// deleted zone's sync token is refused by a zone made again with its name.
    private func checkWorking(_ server: TestServer, receipt: String, goneToken: String) async throws {
        let developer = TestCredentials.developer(actingAs: server.user.userRecordName)
        try await server.live { client in
            #expect(try await server.post(client, "changes/database", "{}", as: .user(server.webAuthToken), database: "private").status == .ok)
            let downloaded = try await client.execute(uri: "/assets/download/\(server.container)/\(receipt)", method: .get)
            #expect(String(buffer: downloaded.body) == "cake")
            let n1 = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Box"},"records":[{"recordName":"n1"}]}"#, as: developer, database: "private"))
            let tag = try #require(n1.first?["recordChangeTag"] as? String)
            let deleted = try await server.post(client, "records/modify", #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"delete","record":{"recordName":"n1","recordChangeTag":"\#(tag)"}}]}"#, as: developer, database: "private")
            #expect(deleted.status == .ok)
            let n2 = try TestServer.records(try await server.post(client, "records/lookup", #"{"zoneID":{"zoneName":"Box"},"records":[{"recordName":"n2"}]}"#, as: developer, database: "private"))
            #expect(n2.first?["serverErrorCode"] as? String == "NOT_FOUND", "n2 goes with n1, its DELETE_SELF owner")
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Gone"}}}]}"#, as: developer, database: "private")
            let stale = try await server.post(client, "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Gone"},"syncToken":"\#(goneToken)"}]}"#, as: developer, database: "private")
            #expect(String(buffer: stale.body).contains("deleted since"), "\(String(buffer: stale.body))")
            let zone = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Second"}}}]}"#, as: developer, database: "private")
            let zones = try zone.json["zones"] as? [[String: Any]]
            #expect(zone.status == .ok && zones?.first?["serverErrorCode"] == nil)
        }
    }

    @Test("a server copied to PostgreSQL and back to SQLite answers, lists and works as it did")
    func roundTrip() async throws {
        let source = try await TestServer(engine: .sqlite)
        let (receipt, goneToken) = try await populate(source)
        let before = try await observations(source)
        var current = source
        var copied: [(table: String, count: Int)]?
        var copies: [TestServer] = []
        for engine in [StorageEngine.postgres(TestStorageEngine.freshLocation()), .sqlite] {
            let target = try await TemporaryStorage(engine: engine)
            let summary = try await ServerTransfer(from: current.temporary.storage, to: target.storage).run()
            #expect(summary.files == 1)
            // The request log grows with each request the checks below make, so only the other tables compare.
            let rows = summary.rows.filter { $0.table != "request_log" }
            #expect(copied == nil || copied!.map(\.count) == rows.map(\.count), "the way back copies what the way out did")
            #expect(summary.rows.contains { $0.table == "request_log" && $0.count > 0 }, "the request log goes along")
            copied = rows
            current = current.moved(to: target)
            copies.append(current)
            let after = try await observations(current)
            #expect(after.count == before.count)
            for (seen, expected) in zip(after, before) where seen != expected {
                Issue.record("a copy answers \(seen)\nwhere the original answered \(expected)")
            }
        }
        for copy in copies {
            try await checkWorking(copy, receipt: receipt, goneToken: goneToken)
        }
    }

    @Test("a target that holds anything is refused before a row is copied")
    func nonEmptyTargetRefused() async throws {
        let source = try await TestServer(engine: .sqlite)
        let target = try await TestServer(engine: .postgres(TestStorageEngine.freshLocation()))
        let before = try await target.temporary.storage.containers()
        await #expect(throws: ServerTransferError.targetNotEmpty(table: "containers")) {
            try await ServerTransfer(from: source.temporary.storage, to: target.temporary.storage).run()
        }
        #expect(try await target.temporary.storage.containers() == before)
        let empty = try await TemporaryStorage(engine: .sqlite)
        try await ContainerService(storage: source.temporary.storage).create(ContainerID(rawValue: "iCloud.com.example.Other")!)
        _ = try await ServerTransfer(from: source.temporary.storage, to: empty.storage).run()
        await #expect(throws: ServerTransferError.targetNotEmpty(table: "containers")) {
            try await ServerTransfer(from: source.temporary.storage, to: empty.storage).run()
        }
    }
}
