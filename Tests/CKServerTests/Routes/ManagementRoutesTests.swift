import CKModel
import CKServer
import CKTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("The management API over HTTP", .heavy)
struct ManagementRoutesTests {
    private static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CKSchemaTests/Fixtures/\(name).ckdb")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("containers are listed with their live records per environment and database, and created once")
    func containers() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let saved = try await server.post(
                client, "records/modify",
                #"{"operations":[{"operationType":"create","record":{"recordName":"a","recordType":"Note","fields":{"t":{"value":"x"}}}},{"operationType":"create","record":{"recordName":"b","recordType":"Note","fields":{"t":{"value":"y"}}}}]}"#,
                as: .developer(actingAs: nil))
            #expect(saved.status == .ok)
            let listed = try TestServer.decode(ManagementContainers.ListResponse.self, try await TestServer.management(client, .get, "containers", token: server.managementToken))
            #expect(listed.containers.map(\.containerID) == [server.container])
            // The two notes and the user's record in each environment's public database.
            #expect(listed.containers.first?.recordCounts == [
                .init(environment: .development, database: .public, records: 3), .init(environment: .production, database: .public, records: 1),
            ])

            let other = ContainerID(rawValue: "iCloud.com.example.Other")!
            let created = try await TestServer.management(client, .post, "containers", ManagementContainers.CreateRequest(containerID: other), token: server.managementToken)
            #expect(created.status == .ok)
            #expect(try TestServer.decode(ManagementContainers.Container.self, created).containerID == other)
            let again = try await TestServer.management(client, .post, "containers", ManagementContainers.CreateRequest(containerID: other), token: server.managementToken)
            #expect(try again.json["serverErrorCode"] as? String == "EXISTS")
            let relisted = try TestServer.decode(ManagementContainers.ListResponse.self, try await TestServer.management(client, .get, "containers", token: server.managementToken))
            #expect(Set(relisted.containers.map(\.containerID)) == [server.container, other])
            let malformed = try await TestServer.management(client, .post, "containers", ["containerID": "not a container"], token: server.managementToken)
            #expect(malformed.status == .badRequest)
            #expect(try malformed.json["serverErrorCode"] as? String == "BAD_REQUEST")
        }
    }

    @Test("import, diff, deploy with the reviewed digest only, a blocked change refused, and the deploy history")
    func schemaLifecycle() async throws {
        let server = try await TestServer()
        let schema = "containers/\(server.container)/schema"
        let token = server.managementToken
        try await server.live { client in
            let v1 = try Self.fixture("apple-coins-v1")
            let validated = try TestServer.decode(
                ManagementSchema.UpdateResponse.self,
                try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: v1, validateOnly: true), token: token))
            #expect(!validated.applied && validated.changes.count == 3)
            #expect(try TestServer.decode(ManagementSchema.Response.self, try await TestServer.management(client, .get, schema + "/development", token: token)).recordTypes.map(\.name) == ["Users"])

            let imported = try TestServer.decode(
                ManagementSchema.UpdateResponse.self,
                try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: v1), token: token))
            #expect(imported.applied)
            let development = try TestServer.decode(ManagementSchema.Response.self, try await TestServer.management(client, .get, schema + "/development", token: token))
            #expect(development.recordTypes.map(\.name) == ["Coins", "Components", "Currencies", "Users"])
            let coins = try #require(development.recordTypes.first)
            #expect(coins.fields.first { $0.name == "currencyCode" } == .init(name: "currencyCode", type: "STRING", indexes: ["QUERYABLE", "SORTABLE"]))
            #expect(coins.grants.contains(.init(permission: "READ", role: "_world")))
            let text = try await TestServer.management(client, .get, schema + "/development?format=ckdb", token: token)
            #expect(text.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(String(buffer: text.body) == v1)

            let diff = try TestServer.decode(ManagementSchema.DiffResponse.self, try await TestServer.management(client, .get, schema + "/diff", token: token))
            #expect(diff.changes.map(\.changeClass) == ["safe", "safe", "safe"])
            let stale = try await TestServer.management(client, .post, schema + "/deploy", ManagementSchema.DeployRequest(digest: "0000"), token: token)
            #expect(try stale.json["serverErrorCode"] as? String == "CONFLICT")
            #expect(try TestServer.decode(ManagementSchema.Response.self, try await TestServer.management(client, .get, schema + "/production", token: token)).recordTypes.map(\.name) == ["Users"])
            let deployed = try TestServer.decode(
                ManagementSchema.DeployResponse.self,
                try await TestServer.management(client, .post, schema + "/deploy", ManagementSchema.DeployRequest(digest: diff.digest), token: token))
            #expect(deployed.production == v1)
            #expect(try TestServer.decode(ManagementSchema.DiffResponse.self, try await TestServer.management(client, .get, schema + "/diff", token: token)).changes.isEmpty)

            // Production has Coins: an import without it is refused whole, and development stays as it was.
            let blocked = try await TestServer.management(
                client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: try Self.fixture("apple-empty")), token: token)
            #expect(try blocked.json["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((try blocked.json["reason"] as? String)?.contains("Coins") == true)
            #expect(try TestServer.decode(ManagementSchema.Response.self, try await TestServer.management(client, .get, schema + "/development", token: token)).ckdb == v1)

            let history = try TestServer.decode(ManagementSchema.DeploymentsResponse.self, try await TestServer.management(client, .get, schema + "/deployments", token: token))
            #expect(history.deployments.map(\.actor) == ["tests"])
            #expect(history.deployments.first?.digest == diff.digest)
            let unknown = try await TestServer.management(client, .get, "containers/iCloud.com.example.Nobody/schema/development", token: token)
            #expect(try unknown.json["serverErrorCode"] as? String == "NOT_FOUND")
            let badEnvironment = try await TestServer.management(client, .get, schema + "/staging", token: token)
            #expect(try badEnvironment.json["serverErrorCode"] as? String == "BAD_REQUEST")
        }
    }

    @Test("a read-only token reads everything and changes nothing; a token for one container reaches no other")
    func tokenLimits() async throws {
        let server = try await TestServer()
        let credentials = CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
        let readOnly = try await credentials.createManagementToken(name: "auditor", container: nil, readOnly: true)
        let other = ContainerID(rawValue: "iCloud.com.example.Other")!
        try await ContainerService(storage: server.temporary.storage).create(other)
        let scoped = try await credentials.createManagementToken(name: "party-only", container: server.container, readOnly: false)
        let schema = "containers/\(server.container)/schema"
        try await server.live { client in
            for path in ["containers", schema + "/development", schema + "/diff", schema + "/deployments", "containers/\(server.container)/users", "audit"] {
                #expect(try await TestServer.management(client, .get, path, token: readOnly).status == .ok, "\(path)")
            }
            let v1 = try Self.fixture("apple-coins-v1")
            let validation = try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: v1, validateOnly: true), token: readOnly)
            #expect(validation.status == .ok)
            let refusals = [
                try await TestServer.management(client, .post, "containers", ManagementContainers.CreateRequest(containerID: ContainerID(rawValue: "iCloud.x.Y")!), token: readOnly),
                try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: v1), token: readOnly),
                try await TestServer.management(client, .post, schema + "/deploy", ManagementSchema.DeployRequest(digest: "x"), token: readOnly),
                try await TestServer.management(
                    client, .post, "containers/\(server.container)/users", ManagementUsers.CreateRequest(name: "eve"), token: readOnly),
                try await TestServer.management(
                    client, .post, "containers/\(server.container)/users/\(server.user.userRecordName)/webAuthToken",
                    ManagementUsers.WebAuthTokenRequest(), token: readOnly),
            ]
            for refusal in refusals {
                #expect(refusal.status == .forbidden)
                #expect(try refusal.json["serverErrorCode"] as? String == "ACCESS_DENIED")
            }
            #expect(try TestServer.decode(ManagementSchema.Response.self, try await TestServer.management(client, .get, schema + "/development", token: readOnly)).recordTypes.map(\.name) == ["Users"])

            let listed = try TestServer.decode(ManagementContainers.ListResponse.self, try await TestServer.management(client, .get, "containers", token: scoped))
            #expect(listed.containers.map(\.containerID) == [server.container])
            let elsewhere = try await TestServer.management(client, .get, "containers/\(other)/schema/development", token: scoped)
            #expect(try elsewhere.json["serverErrorCode"] as? String == "ACCESS_DENIED")
            let create = try await TestServer.management(client, .post, "containers", ManagementContainers.CreateRequest(containerID: ContainerID(rawValue: "iCloud.x.Z")!), token: scoped)
            #expect(try create.json["serverErrorCode"] as? String == "ACCESS_DENIED")

            for token in [nil, "nonsense", server.apiToken] {
                let response = try await TestServer.management(client, .get, "containers", token: token)
                #expect(response.status == .unauthorized)
                #expect(try response.json["serverErrorCode"] as? String == "AUTHENTICATION_FAILED")
            }
        }
    }

    @Test("every change is in the audit log, newest first, by token, filtered and paged")
    func auditLog() async throws {
        let server = try await TestServer()
        let schema = "containers/\(server.container)/schema"
        let token = server.managementToken
        try await server.live { client in
            let other = ContainerID(rawValue: "iCloud.com.example.Other")!
            _ = try await TestServer.management(client, .post, "containers", ManagementContainers.CreateRequest(containerID: other), token: token)
            _ = try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: try Self.fixture("apple-coins-v1"), validateOnly: true), token: token)
            _ = try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: try Self.fixture("apple-coins-v1")), token: token)
            let diff = try TestServer.decode(ManagementSchema.DiffResponse.self, try await TestServer.management(client, .get, schema + "/diff", token: token))
            _ = try await TestServer.management(client, .post, schema + "/deploy", ManagementSchema.DeployRequest(digest: diff.digest), token: token)
            // A refused change leaves no entry.
            _ = try await TestServer.management(client, .post, schema + "/deploy", ManagementSchema.DeployRequest(digest: "stale"), token: token)

            let all = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit", token: token))
            #expect(all.entries.map(\.action) == ["schema.deploy", "schema.import", "container.create"])
            #expect(all.entries.allSatisfy { $0.tokenName == "tests" })
            #expect(all.entries.first?.changes == diff.changes.map(\.summary))
            #expect(all.continuationMarker == nil)

            let first = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit?limit=2", token: token))
            #expect(first.entries.map(\.action) == ["schema.deploy", "schema.import"])
            let marker = try #require(first.continuationMarker)
            let second = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit?limit=2&continuationMarker=\(marker)", token: token))
            #expect(second.entries.map(\.action) == ["container.create"])
            #expect(second.continuationMarker == nil)

            let deploys = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit?action=schema.deploy", token: token))
            #expect(deploys.entries.map(\.target) == ["production"])
            let ofOther = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit?container=\(other)", token: token))
            #expect(ofOther.entries.map(\.action) == ["container.create"])
            for bad in ["audit?limit=0", "audit?limit=x", "audit?continuationMarker=abc", "audit?container=not%20one"] {
                #expect(try await TestServer.management(client, .get, bad, token: token).status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("the audit log narrows to a kind of change, a token's name, and a span of time")
    func auditLogFilters() async throws {
        let server = try await TestServer()
        let schema = "containers/\(server.container)/schema"
        let ci = try await CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .createManagementToken(name: "ci", container: nil, readOnly: false)
        try await server.live { client in
            func entries(_ query: String) async throws -> [ManagementAudit.Entry] {
                let response = try await TestServer.management(client, .get, "audit?" + query, token: server.managementToken)
                return try TestServer.decode(ManagementAudit.Response.self, response).entries
            }
            _ = try await TestServer.management(client, .post, schema + "/import", ManagementSchema.ImportRequest(ckdb: try Self.fixture("apple-coins-v1")), token: ci)
            let first = try #require(try await entries("").first)
            try await Task.sleep(for: .milliseconds(20))
            _ = try await TestServer.management(client, .post, "containers/\(server.container)/apiTokens", ManagementCredentials.CreateTokenRequest(name: "web"), token: server.managementToken)
            let diff = try TestServer.decode(ManagementSchema.DiffResponse.self, try await TestServer.management(client, .get, schema + "/diff", token: ci))
            _ = try await TestServer.management(client, .post, schema + "/deploy", ManagementSchema.DeployRequest(digest: diff.digest), token: ci)

            #expect(try await entries("action=schema").map(\.action) == ["schema.deploy", "schema.import"])
            #expect(try await entries("action=sch").isEmpty, "a kind of change is a whole prefix")
            #expect(try await entries("token=ci").map(\.action) == ["schema.deploy", "schema.import"])
            #expect(try await entries("token=tests").map(\.action) == ["apiToken.create"])
            #expect(try await entries("since=\(first.timestamp + 1)").map(\.action) == ["schema.deploy", "apiToken.create"])
            #expect(try await entries("until=\(first.timestamp + 1)").map(\.action) == ["schema.import"])
            #expect(try await entries("since=\(first.timestamp + 1)&token=ci&action=schema.deploy").count == 1)
            for bad in ["audit?since=yesterday", "audit?until=-5"] {
                let response = try await TestServer.management(client, .get, bad, token: server.managementToken)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(try response.json["reason"] as? String == "\(bad.contains("since") ? "since" : "until") must be a time in milliseconds since 1970, such as 1795477272835")
            }
        }
    }
}
