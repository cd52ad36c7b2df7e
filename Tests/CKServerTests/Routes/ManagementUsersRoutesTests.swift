import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("The management API's users over HTTP", .heavy)
struct ManagementUsersRoutesTests {
    @Test("a role assigned and removed through the API lets a user's write through and then refuses it again")
    func roles() async throws {
        let server = try await TestServer()
        let token = server.managementToken
        let users = "containers/\(server.container)/users"
        try await server.live { client in
            let schema = """
                DEFINE SCHEMA
                CREATE ROLE Editor;
                RECORD TYPE Party (
                    title STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world", GRANT WRITE TO Editor
                );
                """
            let imported = try await TestServer.management(
                client, .post, "containers/\(server.container)/schema/import", ManagementSchema.ImportRequest(ckdb: schema), token: token)
            #expect(imported.status == .ok)
            let ann = try TestServer.decode(
                ManagementUsers.SignedIn.self,
                try await TestServer.management(client, .post, users, ManagementUsers.CreateRequest(name: "ann", emailAddress: "ann@example.com"), token: token))
            #expect(ann.user.name == "ann" && ann.user.roles.isEmpty && !ann.user.discoverable)

            let created = try TestServer.records(try await server.post(
                client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordName":"p1","recordType":"Party","fields":{"title":{"value":"a"}}}}]}"#,
                as: .user(server.webAuthToken)))[0]
            var tag = try #require(created["recordChangeTag"] as? String)
            func annUpdates() async throws -> [String: Any] {
                let body = #"{"operations":[{"operationType":"update","record":{"recordName":"p1","recordChangeTag":"\#(tag)","fields":{"title":{"value":"b"}}}}]}"#
                return try TestServer.records(try await server.post(client, "records/modify", body, as: .user(ann.webAuthToken)))[0]
            }
            #expect(try await annUpdates()["serverErrorCode"] as? String == "ACCESS_DENIED")

            let assigned = try TestServer.decode(
                ManagementUsers.User.self,
                try await TestServer.management(client, .post, users + "/\(ann.user.userRecordName)/roles", ManagementUsers.RoleRequest(role: "Editor", assigned: true), token: token))
            #expect(assigned.roles == ["Editor"])
            let updated = try await annUpdates()
            tag = try #require(updated["recordChangeTag"] as? String)

            _ = try await TestServer.management(client, .post, users + "/\(ann.user.userRecordName)/roles", ManagementUsers.RoleRequest(role: "Editor", assigned: false), token: token)
            #expect(try await annUpdates()["serverErrorCode"] as? String == "ACCESS_DENIED")

            let unknownRole = try await TestServer.management(
                client, .post, users + "/\(ann.user.userRecordName)/roles", ManagementUsers.RoleRequest(role: "Boss", assigned: true), token: token)
            #expect(try unknownRole.json["serverErrorCode"] as? String == "BAD_REQUEST")
            let nobody = try await TestServer.management(client, .post, users + "/_nobody/roles", ManagementUsers.RoleRequest(role: "Editor", assigned: true), token: token)
            #expect(try nobody.json["serverErrorCode"] as? String == "NOT_FOUND")
        }
    }

    @Test("users are listed with their roles; discoverability and a fresh web auth token are one call each, and audited")
    func listDiscoverAndSignIn() async throws {
        let server = try await TestServer()
        let token = server.managementToken
        let users = "containers/\(server.container)/users"
        let mei = server.user.userRecordName
        try await server.live { client in
            let listed = try TestServer.decode(ManagementUsers.ListResponse.self, try await TestServer.management(client, .get, users, token: token))
            #expect(listed.users == [.init(userRecordName: mei, name: "mei", emailAddress: "mei@example.com", discoverable: false, roles: [])])

            let discoverable = try TestServer.decode(
                ManagementUsers.User.self,
                try await TestServer.management(client, .post, users + "/\(mei)/discoverable", ManagementUsers.DiscoverableRequest(discoverable: true), token: token))
            #expect(discoverable.discoverable)
            #expect(try TestServer.decode(ManagementUsers.ListResponse.self, try await TestServer.management(client, .get, users, token: token)).users.first?.discoverable == true)

            let signedIn = try TestServer.decode(
                ManagementUsers.SignedIn.self,
                try await TestServer.management(client, .post, users + "/\(mei)/webAuthToken", ManagementUsers.WebAuthTokenRequest(), token: token))
            let current = try await client.execute(
                uri: server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(signedIn.webAuthToken))", method: .get)
            #expect(try current.json["userRecordName"] as? String == mei)

            let duplicate = try await TestServer.management(client, .post, users, ManagementUsers.CreateRequest(name: "mei"), token: token)
            #expect(try duplicate.json["serverErrorCode"] as? String == "EXISTS")

            let audit = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit", token: token))
            #expect(audit.entries.map(\.action) == ["user.webAuthToken", "user.discoverable"])
            #expect(audit.entries.allSatisfy { $0.target == mei })
        }
    }
}
