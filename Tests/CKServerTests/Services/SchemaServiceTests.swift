import CKModel
import CKSchema
import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("Importing and deploying schemas", .heavy)
struct SchemaServiceTests {
    let party = ContainerID(rawValue: "iCloud.com.example.Party")!

    private func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CKSchemaTests/Fixtures/\(name).ckdb")
        return try String(contentsOf: url, encoding: .utf8)
    }

    private func prepared() async throws -> (TemporaryStorage, SchemaService) {
        let temporary = try await TemporaryStorage()
        try await ContainerService(storage: temporary.storage).create(party)
        return (temporary, SchemaService(storage: temporary.storage))
    }

    @Test("a new container has empty schemas in both environments and nothing to deploy")
    func newContainer() async throws {
        let (_, service) = try await prepared()
        #expect(try await service.pendingDiff(of: party).isEmpty)
    }

    @Test("import then deploy puts the schema in production, records the deployment, and survives a reopen")
    func importAndDeploy() async throws {
        let (temporary, service) = try await prepared()
        let imported = try await service.importDevelopment(try fixture("apple-coins-v1"), into: party)
        #expect(imported.applied)
        #expect(imported.diff.changes.map(\.kindName) == ["recordTypeAdded", "recordTypeAdded", "recordTypeAdded"])
        let deployed = try await service.deploy(party, actor: "tester")
        #expect(SchemaPrinter.print(deployed.production) == (try fixture("apple-coins-v1")))
        let reopened = try await temporary.reopened()
        let history = try await reopened.deployments(of: party)
        #expect(history.map(\.actor) == ["tester"])
        #expect(history.first?.digest == deployed.diff.digest)
        #expect(history.first?.changes.first == "add record type Coins (4 fields, 3 grants)")
        #expect(try await SchemaService(storage: reopened).pendingDiff(of: party).isEmpty)
    }

    @Test("an invalid or unparsable file changes nothing and says why")
    func invalidImport() async throws {
        let (_, service) = try await prepared()
        await #expect(throws: ServerError.self) {
            try await service.importDevelopment("DEFINE SCHEMA RECORD TYPE T (a BADTYPE);", into: party)
        }
        do {
            _ = try await service.importDevelopment("DEFINE SCHEMA RECORD TYPE T (a STRING, a INT64);", into: party)
            Issue.record("an invalid schema was imported")
        } catch let error as ServerError {
            #expect(error.serverErrorCode == .badRequest)
            #expect(error.reason?.contains("declares the field a twice") == true)
        }
        #expect(try await service.pendingDiff(of: party).isEmpty)
    }

    @Test("an import that would remove what production has is refused; validate-only changes nothing")
    func importAgainstProduction() async throws {
        let (_, service) = try await prepared()
        _ = try await service.importDevelopment(try fixture("apple-coins-v1"), into: party)
        _ = try await service.deploy(party, actor: "tester")
        await #expect(throws: ServerError.self) {
            try await service.importDevelopment(try fixture("apple-empty"), into: party)
        }
        let check = try await service.importDevelopment(try fixture("apple-coins-v2"), into: party, validateOnly: true)
        #expect(!check.applied)
        #expect(check.diff.changes.count == 1)
        #expect(try await service.pendingDiff(of: party).isEmpty)
    }

    @Test("a deploy insists on the reviewed digest")
    func deployDigest() async throws {
        let (_, service) = try await prepared()
        _ = try await service.importDevelopment(try fixture("apple-coins-v1"), into: party)
        let reviewed = try await service.pendingDiff(of: party)
        _ = try await service.importDevelopment(try fixture("apple-coins-v2"), into: party)
        do {
            _ = try await service.deploy(party, actor: "tester", expectedDigest: reviewed.digest)
            Issue.record("a deploy of a changed diff went through")
        } catch let error as ServerError {
            #expect(error.serverErrorCode == .conflict)
        }
        let current = try await service.pendingDiff(of: party)
        let deployed = try await service.deploy(party, actor: "tester", expectedDigest: current.digest)
        #expect(deployed.diff.changes.count == 4)
    }

    @Test("an unknown container is NOT_FOUND")
    func unknownContainer() async throws {
        let temporary = try await TemporaryStorage()
        do {
            _ = try await SchemaService(storage: temporary.storage).pendingDiff(of: party)
            Issue.record("no error for an unknown container")
        } catch let error as ServerError {
            #expect(error.serverErrorCode == .notFound)
        }
    }
}
