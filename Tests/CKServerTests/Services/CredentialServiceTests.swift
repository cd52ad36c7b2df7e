import CKModel
@testable import CKServer
import CKTestSupport
import Crypto
import Foundation
import Testing

@Suite("Issuing credentials and users", .heavy)
struct CredentialServiceTests {
    let party = ContainerID(rawValue: "iCloud.com.example.Party")!

    private func prepared() async throws -> TemporaryStorage {
        let temporary = try await TemporaryStorage()
        try await ContainerService(storage: temporary.storage).create(party)
        return temporary
    }

    @Test("tokens have the formats clients check, and only their hashes are stored")
    func tokenFormats() async throws {
        let temporary = try await prepared()
        let service = CredentialService(storage: temporary.storage, configuration: temporary.configuration)
        let apiToken = try await service.createAPIToken(container: party)
        #expect(apiToken.count == 64 && apiToken.allSatisfy(\.isHexDigit))
        let management = try await service.createManagementToken(name: "ci", container: nil, readOnly: true)
        #expect(management.hasPrefix("ckm_"))
        let stored = try #require(try await temporary.reopened().credential(secretHash: SecretGenerator.hash(of: management)))
        #expect(stored.kind == .managementToken && stored.isReadOnly && stored.label == "ci" && stored.container == nil)
        #expect(try await temporary.storage.credential(secretHash: management) == nil)
        let database = try await temporary.storedBytes()
        #expect(database.range(of: Data(management.utf8)) == nil)
        #expect(database.range(of: Data(apiToken.utf8)) == nil)
        // The stored form is SHA-256 in lower-case hex, as databases written by every earlier version hold it.
        #expect(SecretGenerator.hash(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SecretGenerator.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    }

    @Test("secrets are as long as asked and never the same twice, past the 256 bytes the system gives a call")
    func randomBytes() {
        for count in [0, 1, 7, 8, 96, 256, 300, 1_000] {
            let first = SecretGenerator.randomBytes(count)
            #expect(first.count == count)
            if count >= 16 {
                #expect(first != SecretGenerator.randomBytes(count))
                // The end is filled too: a byte counted but never written would be zero, or whatever memory held.
                #expect(Set(first.suffix(16)).count > 4)
            }
        }
        #expect(SecretGenerator.webAuthToken().count == 128)
        #expect(Set((0..<100).map { _ in SecretGenerator.webAuthToken() }).count == 100)
    }

    @Test("a user gets a record name and a web auth token that lives 14 days")
    func users() async throws {
        let temporary = try await prepared()
        let service = UserService(storage: temporary.storage, configuration: temporary.configuration)
        let (user, token) = try await service.create(name: "mei", emailAddress: "mei@example.com", in: party)
        #expect(user.userRecordName.count == 33 && user.userRecordName.hasPrefix("_"))
        #expect(token.count >= 100)
        #expect(token.unicodeScalars.allSatisfy { CharacterSet(charactersIn: "+/=_").contains($0) || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) })
        let stored = try #require(try await temporary.storage.credential(secretHash: SecretGenerator.hash(of: token)))
        #expect(stored.userRecordName == user.userRecordName)
        let lifetime = try #require(stored.expiresAt).timeIntervalSince(stored.createdAt)
        #expect(abs(lifetime - 14 * 24 * 3600) < 1)
        await #expect(throws: ServerError.self) { try await service.create(name: "mei", emailAddress: nil, in: party) }
    }

    @Test("custom roles are given and taken away; unknown roles are refused")
    func roles() async throws {
        let temporary = try await prepared()
        _ = try await SchemaService(storage: temporary.storage)
            .importDevelopment("DEFINE SCHEMA CREATE ROLE Editor; RECORD TYPE T (a STRING, GRANT READ TO Editor);", into: party)
        let service = UserService(storage: temporary.storage, configuration: temporary.configuration)
        _ = try await service.create(name: "mei", emailAddress: nil, in: party)
        #expect(try await service.changeRole("Editor", adding: true, toUserNamed: "mei", in: party).roles == ["Editor"])
        #expect(try await temporary.reopened().user(named: "mei", in: party)?.roles == ["Editor"])
        await #expect(throws: ServerError.self) { try await service.changeRole("Boss", adding: true, toUserNamed: "mei", in: party) }
        await #expect(throws: ServerError.self) { try await service.changeRole("Editor", adding: true, toUserNamed: "ann", in: party) }
        #expect(try await service.changeRole("Editor", adding: false, toUserNamed: "mei", in: party).roles == [])
    }

    @Test("a server-to-server key is identified by the SHA-256 of its DER form; other PEM is refused")
    func serverKeys() async throws {
        let temporary = try await prepared()
        let service = CredentialService(storage: temporary.storage, configuration: temporary.configuration)
        let privateKey = P256.Signing.PrivateKey()
        let keyID = try await service.addServerKey(container: party, publicKeyPEM: privateKey.publicKey.pemRepresentation)
        #expect(keyID == SecretGenerator.hex(SHA256.hash(data: privateKey.publicKey.derRepresentation)))
        #expect(try await temporary.storage.serverKey(keyID)?.container == party)
        await #expect(throws: ServerError.self) {
            try await service.addServerKey(container: party, publicKeyPEM: privateKey.publicKey.pemRepresentation)
        }
        await #expect(throws: ServerError.self) {
            try await service.addServerKey(container: party, publicKeyPEM: privateKey.pemRepresentation)
        }
        await #expect(throws: ServerError.self) {
            try await service.addServerKey(container: party, publicKeyPEM: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----")
        }
    }

    @Test("containers exist once and survive a reopen")
    func containers() async throws {
        let temporary = try await prepared()
        await #expect(throws: ServerError.self) { try await ContainerService(storage: temporary.storage).create(party) }
        let containers = try await temporary.reopened().containers()
        #expect(containers.map(\.id) == [party])
        #expect(containers.first?.developerRecordName.count == 33)
    }
}
