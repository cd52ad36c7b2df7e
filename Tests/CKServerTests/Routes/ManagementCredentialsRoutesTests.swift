import CKModel
import CKServer
import CKTestSupport
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("API tokens, server-to-server keys and management tokens over the management API", .heavy)
struct ManagementCredentialsRoutesTests {
    @Test("an API token made through the API works until it is revoked, and its secret is never listed")
    func apiTokens() async throws {
        let server = try await TestServer()
        let path = "containers/\(server.container)/apiTokens"
        try await server.live { client in
            let created = try TestServer.decode(
                ManagementCredentials.CreatedToken.self,
                try await TestServer.management(client, .post, path, ManagementCredentials.CreateTokenRequest(name: "web app"), token: server.managementToken))
            #expect(created.token.name == "web app" && created.secret.count == 64)
            let zones = server.path("zones/list") + "?ckAPIToken=\(created.secret)"
            #expect(try await client.execute(uri: zones, method: .get).status == .ok)

            let listedResponse = try await TestServer.management(client, .get, path, token: server.managementToken)
            #expect(!String(buffer: listedResponse.body).contains(created.secret))
            let listed = try TestServer.decode(ManagementCredentials.TokenList.self, listedResponse)
            #expect(listed.tokens.count == 2 && listed.tokens.last == created.token)

            let revoked = try await TestServer.management(client, .post, path + "/revoke", ManagementCredentials.RevokeRequest(id: created.token.id), token: server.managementToken)
            #expect(revoked.status == .ok)
            #expect(try await client.execute(uri: zones, method: .get).status == .unauthorized)
            let again = try await TestServer.management(client, .post, path + "/revoke", ManagementCredentials.RevokeRequest(id: created.token.id), token: server.managementToken)
            #expect(try again.json["serverErrorCode"] as? String == "NOT_FOUND")
            let audit = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit", token: server.managementToken))
            #expect(audit.entries.map(\.action) == ["apiToken.revoke", "apiToken.create"])
            #expect(audit.entries.allSatisfy { $0.target == created.token.id && !$0.changes.joined().contains(created.secret) })
        }
    }

    @Test("a server-to-server key added through the API signs requests until it is revoked")
    func serverKeys() async throws {
        let server = try await TestServer()
        let path = "containers/\(server.container)/serverKeys"
        let key = P256.Signing.PrivateKey()
        try await server.live { client in
            let added = try TestServer.decode(
                ManagementCredentials.ServerKey.self,
                try await TestServer.management(
                    client, .post, path, ManagementCredentials.AddServerKeyRequest(publicKey: key.publicKey.pemRepresentation), token: server.managementToken))
            func signedRequest() async throws -> TestResponse {
                let subpath = server.path("zones/list")
                let date = ISO8601DateFormatter().string(from: Date())
                let signature = try key.signature(for: Data("\(date)::\(subpath)".utf8)).derRepresentation.base64EncodedString()
                return try await client.execute(uri: subpath, method: .get, headers: [
                    HTTPField.Name("X-Apple-CloudKit-Request-KeyID")!: added.keyID,
                    HTTPField.Name("X-Apple-CloudKit-Request-ISO8601Date")!: date,
                    HTTPField.Name("X-Apple-CloudKit-Request-SignatureV1")!: signature,
                ])
            }
            #expect(try await signedRequest().status == .ok)
            let listed = try TestServer.decode(ManagementCredentials.ServerKeyList.self, try await TestServer.management(client, .get, path, token: server.managementToken))
            #expect(listed.keys == [added])
            let garbage = try await TestServer.management(client, .post, path, ManagementCredentials.AddServerKeyRequest(publicKey: "not a key"), token: server.managementToken)
            #expect(try garbage.json["serverErrorCode"] as? String == "BAD_REQUEST")

            _ = try await TestServer.management(client, .post, path + "/revoke", ManagementCredentials.RevokeRequest(id: added.keyID), token: server.managementToken)
            #expect(try await signedRequest().status == .unauthorized)
        }
    }

    @Test("management tokens: a token describes itself; a container's token sees and makes only its own; read-only tokens make none; a revoked token stops working")
    func managementTokens() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let scoped = try TestServer.decode(
                ManagementCredentials.CreatedToken.self,
                try await TestServer.management(
                    client, .post, "managementTokens", ManagementCredentials.CreateTokenRequest(name: "party ci", containerID: server.container),
                    token: server.managementToken))
            let viewer = try TestServer.decode(
                ManagementCredentials.CreatedToken.self,
                try await TestServer.management(
                    client, .post, "managementTokens", ManagementCredentials.CreateTokenRequest(name: "viewer", readOnly: true), token: server.managementToken))
            #expect(viewer.token.readOnly && viewer.token.containerID == nil)

            let current = try TestServer.decode(
                ManagementCredentials.Token.self, try await TestServer.management(client, .get, "managementTokens/current", token: viewer.secret))
            #expect(current.name == "viewer" && current.readOnly && current.id == viewer.token.id)
            let currentScoped = try TestServer.decode(
                ManagementCredentials.Token.self, try await TestServer.management(client, .get, "managementTokens/current", token: scoped.secret))
            #expect(currentScoped.containerID == server.container && !currentScoped.readOnly)

            let all = try TestServer.decode(ManagementCredentials.TokenList.self, try await TestServer.management(client, .get, "managementTokens", token: viewer.secret))
            #expect(all.tokens.map(\.name) == ["tests", "party ci", "viewer"])
            let own = try TestServer.decode(ManagementCredentials.TokenList.self, try await TestServer.management(client, .get, "managementTokens", token: scoped.secret))
            #expect(own.tokens.map(\.name) == ["party ci"])

            let global = try await TestServer.management(client, .post, "managementTokens", ManagementCredentials.CreateTokenRequest(name: "escalate"), token: scoped.secret)
            #expect(try global.json["serverErrorCode"] as? String == "ACCESS_DENIED")
            let fromViewer = try await TestServer.management(client, .post, "managementTokens", ManagementCredentials.CreateTokenRequest(name: "x"), token: viewer.secret)
            #expect(try fromViewer.json["serverErrorCode"] as? String == "ACCESS_DENIED")
            let nameless = try await TestServer.management(client, .post, "managementTokens", ManagementCredentials.CreateTokenRequest(), token: server.managementToken)
            #expect(try nameless.json["serverErrorCode"] as? String == "BAD_REQUEST")
            let testsID = try #require(all.tokens.first?.id)
            let outOfReach = try await TestServer.management(client, .post, "managementTokens/revoke", ManagementCredentials.RevokeRequest(id: testsID), token: scoped.secret)
            #expect(try outOfReach.json["serverErrorCode"] as? String == "NOT_FOUND")

            _ = try await TestServer.management(client, .post, "managementTokens/revoke", ManagementCredentials.RevokeRequest(id: viewer.token.id), token: server.managementToken)
            let revoked = try await TestServer.management(client, .get, "containers", token: viewer.secret)
            #expect(try revoked.json["serverErrorCode"] as? String == "AUTHENTICATION_FAILED")
        }
    }
}
