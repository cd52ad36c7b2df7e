import CKModel
import CKServer
import CKTestSupport
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Authentication and users over HTTP", .heavy)
struct UsersRoutesTests {
    @Test("an API token and a web auth token sign the user in, and every response rotates the token")
    func signedIn() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let uri = server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.status == .ok)
            #expect(try first.json["userRecordName"] as? String == server.user.userRecordName)
            let rotated = try #require(first.headers[HTTPField.Name("X-Apple-CloudKit-Web-Auth-Token")!])
            #expect(rotated.count >= 100 && rotated != server.webAuthToken)
            // The old token keeps working for the grace period, and the new one works too.
            #expect(try await client.execute(uri: uri, method: .get).status == .ok)
            let userRecord = try await server.post(client, "records/lookup", #"{"records":[{"recordName":"\#(server.user.userRecordName)"}]}"#, as: .world)
            #expect(try TestServer.records(userRecord).first?["recordType"] as? String == "Users")
            let next = server.path("users/caller") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(rotated))"
            let caller = try await client.execute(uri: next, method: .get)
            #expect(caller.status == .ok)
            let users = try #require(try caller.json["users"] as? [[String: Any]])
            #expect(users.first?["userRecordName"] as? String == server.user.userRecordName)
            #expect((users.first?["lookupInfo"] as? [String: Any])?["emailAddress"] as? String == "mei@example.com")
            // The same identity at the top level, for clients that read users/caller flat.
            #expect(try caller.json["userRecordName"] as? String == server.user.userRecordName)
            #expect(try caller.json["firstName"] as? String == "mei")
        }
    }

    @Test("rotation never multiplies a sign-in's live tokens: a reused first token always gets the same successor, and following rotation retires the tokens before the previous one")
    func rotationKeepsTwoTokens() async throws {
        let server = try await TestServer()
        let header = HTTPField.Name("X-Apple-CloudKit-Web-Auth-Token")!
        // One row per sign-in, holding its current token and the one before it.
        @Sendable func signIns() async throws -> Int {
            try await server.temporary.storage.credentials(of: .webAuthToken, container: server.container).count
        }
        try await server.live { client in
            func uri(_ token: String) -> String {
                server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(token))"
            }
            // A client that keeps sending its first token, as MistKit does.
            var successors = Set<String>()
            for _ in 0..<30 {
                let answer = try await client.execute(uri: uri(server.webAuthToken), method: .get)
                #expect(answer.status == .ok)
                successors.insert(try #require(answer.headers[header]))
            }
            #expect(successors.count == 1)
            #expect(try await signIns() == 1)
            // A client that follows rotation: each answer's token for the next request.
            var token = try #require(successors.first)
            var used = [server.webAuthToken]
            for _ in 0..<10 {
                let answer = try await client.execute(uri: uri(token), method: .get)
                #expect(answer.status == .ok)
                used.append(token)
                token = try #require(answer.headers[header])
                #expect(try await signIns() == 1)
            }
            // The previous token works for its grace period; those before it no longer do.
            #expect(try await client.execute(uri: uri(used[used.count - 1]), method: .get).status == .ok)
            #expect(try await client.execute(uri: uri(used[used.count - 2]), method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: uri(server.webAuthToken), method: .get).status == .unauthorized)
        }
    }

    @Test("requests sent at once with one token all succeed and all get the same successor, which works next")
    func concurrentRotation() async throws {
        let server = try await TestServer()
        let header = HTTPField.Name("X-Apple-CloudKit-Web-Auth-Token")!
        try await server.live { client in
            let uri = server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            let successors = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        let answer = try await client.execute(uri: uri, method: .get)
                        return answer.status == .ok ? answer.headers[header] : nil
                    }
                }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(successors.allSatisfy { $0 != nil }, "every request succeeds")
            #expect(Set(successors).count == 1, "one successor")
            let next = server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(successors[0] ?? ""))"
            #expect(try await client.execute(uri: next, method: .get).status == .ok)
        }
    }

    @Test("saves rotate the token with their records: saves at once with one token all get the same successor; a batch undone whole still hands one back; a failed request rotates nothing")
    func savesRotate() async throws {
        let server = try await TestServer()
        let header = HTTPField.Name("X-Apple-CloudKit-Web-Auth-Token")!
        @Sendable func currentHash() async throws -> String? {
            try await server.temporary.storage.credentials(of: .webAuthToken, container: server.container).first?.secretHash
        }
        @Sendable func hash(_ token: String) -> String {
            SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
        }
        try await server.live { client in
            let zone = #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Work"}}}]}"#
            _ = try await server.post(client, "zones/modify", zone, as: .developer(actingAs: server.user.userRecordName), database: "private")
            func save(_ name: String) -> String {
                #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"\#(name)"}}],"zoneID":{"zoneName":"Work"}}"#
            }
            // Each on a connection of its own, so that they race for the token's rotation.
            let port = try #require(client.port)
            let uri = server.path("records/modify", database: "private") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))"
            let answers = try await withThrowingTaskGroup(of: (status: HTTPResponse.Status, token: String?, body: String).self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let connection = TestClient(host: "127.0.0.1", port: port)
                        connection.connect()
                        let answer = try await connection.execute(TestClient.Request(
                            uri, method: .post, authority: "127.0.0.1:\(port)", headers: [.contentType: "text/plain"], body: ByteBuffer(string: save("p\(index)"))))
                        try await connection.shutdown()
                        return (answer.status, answer.headers[header], answer.body.map { String(buffer: $0) } ?? "")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .ok && $0.body.contains("recordChangeTag") && !$0.body.contains("serverErrorCode") })
            let successors = Set(answers.map(\.token))
            #expect(successors.count == 1)
            let successor = try #require(successors.first ?? nil)
            #expect(try await currentHash() == hash(successor))

            // An atomic batch refused whole: its rotation was undone with it, and is made on its own.
            let refused = #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"q"}},{"operationType":"create","record":{"recordType":"Party","recordName":"p0"}}],"zoneID":{"zoneName":"Work"},"atomic":true}"#
            let undone = try await server.post(client, "records/modify", refused, as: .user(successor), database: "private")
            #expect(try TestServer.records(undone).compactMap { $0["serverErrorCode"] as? String } == ["ATOMIC_ERROR", "EXISTS"])
            let next = try #require(undone.headers[header])
            #expect(next != successor)
            #expect(try await currentHash() == hash(next))

            // A request that fails rotates nothing: its token stays the current one.
            let failed = try await server.post(client, "records/modify", "{not json", as: .user(next), database: "private")
            #expect(failed.status == .badRequest && failed.headers[header] == nil)
            #expect(try await currentHash() == hash(next))
            let after = try await server.post(client, "records/modify", save("r"), as: .user(next), database: "private")
            #expect(after.status == .ok && after.headers[header] != nil)
        }
    }

    @Test("an API token alone gets AUTHENTICATION_REQUIRED with a sign-in page that explains itself")
    func authenticationRequired() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let response = try await client.execute(uri: server.path("users/current") + "?ckAPIToken=\(server.apiToken)", method: .get)
            #expect(response.status.code == 421)
            let body = try response.json
            #expect(body["serverErrorCode"] as? String == "AUTHENTICATION_REQUIRED")
            #expect(body["uuid"] as? String != nil)
            let redirect = try #require(body["redirectURL"] as? String)
            let page = try await client.execute(uri: String(redirect.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }), method: .get)
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("<h1>Sign in to iCloud.com.example.Party</h1>"))
        }
    }

    @Test("bad credentials are AUTHENTICATION_FAILED (401) in CloudKit's error JSON, its keys in order")
    func authenticationFailed() async throws {
        let server = try await TestServer()
        try await server.live { client in
            for query in ["", "?ckAPIToken=\(String(repeating: "0", count: 64))",
                          "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=nonsense"] {
                let response = try await client.execute(uri: server.path("users/current") + query, method: .get)
                #expect(response.status == .unauthorized, "\(query)")
                #expect(try response.json["serverErrorCode"] as? String == "AUTHENTICATION_FAILED")
                // Its keys in one order, whatever the process (Foundation's encoder orders them by hash on Linux).
                let text = String(buffer: response.body)
                let keys = ["reason", "serverErrorCode", "uuid"].map { text.range(of: "\"\($0)\":")?.lowerBound }
                #expect(keys.allSatisfy { $0 != nil } && keys == keys.sorted { $0! < $1! }, "\(text)")
            }
            let bearer = try await client.execute(
                uri: server.path("users/current"), method: .get, headers: [.authorization: "Bearer ckm_wrong"])
            #expect(bearer.status == .unauthorized)
        }
    }

    @Test("a management token is read without the spaces and tabs around it, and not with other text")
    func managementTokenBlanks() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let actAs = HTTPField.Name("X-CKServer-Act-As")!
            for (authorization, status) in [
                ("Bearer \t \(server.managementToken) \t", HTTPResponse.Status.ok), ("Bearer \(server.managementToken)x", .unauthorized),
                ("Bearer x\(server.managementToken)", .unauthorized), ("Bearer  \t ", .unauthorized),
            ] {
                let headers: HTTPFields = [.authorization: authorization, actAs: server.user.userRecordName]
                let response = try await client.execute(uri: server.path("users/current"), method: .get, headers: headers)
                #expect(response.status == status, "\(authorization)")
            }
        }
    }

    @Test("a management token may act as a user; alone it is the developer, refused on users endpoints")
    func managementToken() async throws {
        let server = try await TestServer()
        try await server.live { client in
            var headers: HTTPFields = [.authorization: "Bearer \(server.managementToken)"]
            let developer = try await client.execute(uri: server.path("users/current"), method: .get, headers: headers)
            #expect(developer.status == .unauthorized)
            headers[HTTPField.Name("X-CKServer-Act-As")!] = server.user.userRecordName
            let acting = try await client.execute(uri: server.path("users/current"), method: .get, headers: headers)
            #expect(acting.status == .ok)
            #expect(try acting.json["userRecordName"] as? String == server.user.userRecordName)
        }
    }

    @Test("discovery and lookups find discoverable users only, and need a signed-in user in the public database")
    func discovery() async throws {
        let server = try await TestServer()
        let ann = try await server.secondUser("ann", email: "Ann@Example.com", discoverable: true)
        _ = try await server.secondUser("bob", email: "bob@example.com")
        try await server.live { client in
            let me = TestCredentials.user(server.webAuthToken)
            let all = try await client.execute(
                uri: server.path("users/discover") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(server.webAuthToken))",
                method: .get)
            let everyone = try #require(try all.json["users"] as? [[String: Any]])
            #expect(everyone.map { $0["userRecordName"] as? String } == [ann.recordName])
            let found = try #require(try await server.post(client, "users/discover", #"{"lookupInfos":[{"emailAddress":"ann@example.com"},{"emailAddress":"bob@example.com"}]}"#, as: me).json["users"] as? [[String: Any]])
            #expect(found.map { $0["userRecordName"] as? String } == [ann.recordName])
            #expect((found.first?["nameComponents"] as? [String: Any])?["givenName"] as? String == "ann")
            let byID = try #require(try await server.post(client, "users/lookup/id", #"{"users":[{"userRecordName":"\#(ann.recordName)"}]}"#, as: me).json["users"] as? [[String: Any]])
            #expect(byID.first?["userRecordName"] as? String == ann.recordName)
            let byEmail = try #require(try await server.post(client, "users/lookup/email", #"{"users":[{"emailAddress":"bob@example.com"}]}"#, as: me).json["users"] as? [[String: Any]])
            #expect(byEmail.isEmpty)
            #expect(try await server.post(client, "users/discover", #"{"lookupInfos":[]}"#, as: .world).status.code == 421)
            #expect(try await server.post(client, "users/discover", #"{"lookupInfos":[]}"#, as: me, database: "private").status == .badRequest)
        }
    }

    @Test("unknown paths, containers, environments and databases answer CloudKit's JSON, never HTML")
    func notFound() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let cases: [(String, Int, String)] = [
                (server.path("records/nonsense"), 404, "NOT_FOUND"),
                ("/database/1/iCloud.nobody/development/public/users/current", 404, "NOT_FOUND"),
                ("/database/1/\(server.container)/staging/public/users/current", 400, "BAD_REQUEST"),
                ("/database/1/\(server.container)/development/everyone/users/current", 400, "BAD_REQUEST"),
                ("/nothing/here", 404, "NOT_FOUND"),
            ]
            for (uri, status, code) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(Int(response.status.code) == status, "\(uri)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(uri)")
                #expect(try response.json["serverErrorCode"] as? String == code, "\(uri)")
            }
        }
    }
}
