import CKModel
@testable import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("A web auth token's hand-over", .heavy)
struct WebAuthTokenHandOverTests {
    /// A hand-over of `successor` for the server's user's token, as `Authenticator` makes it.
    private func handOver(_ server: TestServer, to successor: String) -> WebAuthTokenHandOver {
        let now = Date()
        let record = CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .webAuthToken(successor, container: server.container, userRecordName: server.user.userRecordName, now: now)
        let rotation = WebAuthTokenRotation(
            presentedHash: SecretGenerator.hash(of: server.webAuthToken), successor: record,
            sealedSuccessor: SuccessorSeal.seal(successor, with: server.webAuthToken), graceEnd: now.addingTimeInterval(60), at: now)
        return WebAuthTokenHandOver(successor: successor, presented: server.webAuthToken, rotation: rotation, storage: server.temporary.storage)
    }

    /// The user's private database, reached with `handOver`.
    private func access(_ server: TestServer, _ handOver: WebAuthTokenHandOver) async throws -> DatabaseAccess {
        let container = try #require(try await server.temporary.storage.container(server.container))
        var access = DatabaseAccess(container: container, environment: .development, database: .private, caller: .user(server.user), serverURL: "http://h")
        access.webAuthToken = handOver
        return access
    }

    /// The hash of the sign-in's current token.
    private func current(_ server: TestServer) async throws -> String? {
        try await server.temporary.storage.credentials(of: .webAuthToken, container: server.container).first?.secretHash
    }

    private func create(_ names: String..., zone: ZoneID? = nil, atomic: Bool? = nil) -> RecordsModify.Request {
        RecordsModify.Request(operations: names.map { RecordOperation(.create, Record(recordName: $0, recordType: "Party")) }, zoneID: zone, atomic: atomic)
    }

    @Test("a save makes the rotation in its own transaction; a request with the same token saving after it hands back the first one's successor")
    func saveRotates() async throws {
        let server = try await TestServer()
        let service = RecordService(storage: server.temporary.storage)
        let (first, second) = (handOver(server, to: "successor-1"), handOver(server, to: "successor-2"))
        _ = try await service.modify(create("a"), access: try await access(server, first))
        #expect(first.claim() == nil, "the save took the rotation and made it")
        #expect(try await current(server) == SecretGenerator.hash(of: "successor-1"))
        _ = try await service.modify(create("b"), access: try await access(server, second))
        #expect(await first.handBack() == "successor-1")
        #expect(await second.handBack() == "successor-1", "the successor the first request stored")
        #expect(try await current(server) == SecretGenerator.hash(of: "successor-1"))
    }

    @Test("a save whose batch is undone leaves the rotation to be made with the answer")
    func undoneBatch() async throws {
        let server = try await TestServer()
        let service = RecordService(storage: server.temporary.storage)
        let zone = ZoneKey(
            container: server.container, environment: .development, database: .private, ownerRecordName: server.user.userRecordName, zoneName: "Work")
        _ = try await server.temporary.storage.createZone(zone)
        let handOver = handOver(server, to: "successor-1")
        let access = try await access(server, handOver)
        _ = try await service.modify(create("a", zone: ZoneID(zoneName: "Work")), access: access)
        #expect(try await current(server) == SecretGenerator.hash(of: "successor-1"))

        let again = self.handOver(server, to: "successor-2")
        let refused = try await service.modify(create("b", "a", zone: ZoneID(zoneName: "Work"), atomic: true), access: try await self.access(server, again))
        #expect(refused.records.allSatisfy { if case .failure = $0 { true } else { false } })
        #expect(try await current(server) == SecretGenerator.hash(of: "successor-1"), "nothing rotated with the undone batch")
        #expect(await again.handBack() == "successor-1", "the presented token's successor, stored by the first save")
    }

    @Test("a sign-in revoked before the rotation was made hands back no token")
    func revoked() async throws {
        let server = try await TestServer()
        let handOver = handOver(server, to: "successor-1")
        #expect(try await server.temporary.storage.deleteCredential(secretHash: SecretGenerator.hash(of: server.webAuthToken)))
        #expect(await handOver.handBack() == nil)
        #expect(try await current(server) == nil)
    }
}
