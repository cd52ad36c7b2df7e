import CKModel
import CKServer
import CKTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// The sign-in page `AUTHENTICATION_REQUIRED` sends people to: a form asking for a name and password, which
/// sends the browser to the API token's sign-in callback with a web auth token, or shows the token.
@Suite("The sign-in page", .heavy)
struct SignInPageTests {
    /// `POST /auth/{container}` with the form fields `fields`, encoded as a browser does.
    private static func submit(_ client: any TestClientProtocol, _ server: TestServer, _ fields: [(String, String)]) async throws -> TestResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $1)" }.joined(separator: "&")
        return try await client.execute(
            uri: "/auth/\(server.container)", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body))
    }

    /// The ID of an API token, as lists and sign-in links show it.
    private static func id(of apiToken: String) -> String {
        String(SecretGenerator.hash(of: apiToken).prefix(16))
    }

    private static func setPassword(_ password: String, of name: String, on server: TestServer) async throws {
        _ = try await SignInService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .setPassword(password, ofUserNamed: name, in: server.container)
    }

    @Test("the sign-in link of AUTHENTICATION_REQUIRED names the API token; the right password sends the browser to its callback with a token that signs the user in")
    func signsInThroughTheCallback() async throws {
        let server = try await TestServer()
        let apiToken = try await CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
            .createAPIToken(container: server.container, signInCallback: "http://127.0.0.1:8765/signed-in?from=ckserver")
        try await Self.setPassword("correct horse", of: "mei", on: server)
        try await server.live { client in
            let anonymous = try await client.execute(uri: server.path("users/current") + "?ckAPIToken=\(apiToken)", method: .get)
            let redirect = try #require(try anonymous.json["redirectURL"] as? String)
            #expect(redirect.hasSuffix("/auth/\(server.container)?apiTokenID=\(Self.id(of: apiToken))"), "\(redirect)")

            let form = try await client.execute(uri: "/auth/\(server.container)?apiTokenID=\(Self.id(of: apiToken))", method: .get)
            let page = String(buffer: form.body)
            #expect(form.status == .ok && form.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.contains("<h1>Sign in to iCloud.com.example.Party</h1>") && page.contains(#"<form method="post""#))
            #expect(page.contains("then sends you to 127.0.0.1 signed in"), "the page says where the sign-in goes")
            #expect(page.contains(#"<input type="hidden" name="apiTokenID" value="\#(Self.id(of: apiToken))">"#))

            let wrong = try await Self.submit(client, server, [("apiTokenID", Self.id(of: apiToken)), ("name", "mei"), ("password", "battery staple")])
            #expect(wrong.status == .unauthorized)
            #expect(String(buffer: wrong.body).contains("The name or the password is wrong.") && String(buffer: wrong.body).contains(#"value="mei""#))

            let right = try await Self.submit(client, server, [("apiTokenID", Self.id(of: apiToken)), ("name", "mei"), ("password", "correct horse")])
            #expect(right.status == .seeOther)
            let location = try #require(right.headers[.location])
            #expect(location.hasPrefix("http://127.0.0.1:8765/signed-in?from=ckserver&ckWebAuthToken="), "\(location)")
            let token = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "ckWebAuthToken" }?.value)
            let current = try await client.execute(
                uri: server.path("users/current") + "?ckAPIToken=\(apiToken)&ckWebAuthToken=\(TestServer.encoded(token))", method: .get)
            #expect(try current.json["userRecordName"] as? String == server.user.userRecordName)
        }
    }

    @Test("without a callback the page shows the token; no container, an unknown API token, a form incomplete, too large or from another site get a page saying so")
    func refusals() async throws {
        let server = try await TestServer()
        try await Self.setPassword("correct horse", of: "mei", on: server)
        let other = try await server.secondUser("ann")
        try await server.live { client in
            let shown = try await Self.submit(client, server, [("apiTokenID", Self.id(of: server.apiToken)), ("name", "mei"), ("password", "correct horse")])
            #expect(shown.status == .ok)
            let page = String(buffer: shown.body)
            let token = try #require(page.split(separator: "<pre id=\"token\">").last?.split(separator: "<").first.map(String.init))
            let current = try await client.execute(
                uri: server.path("users/current") + "?ckAPIToken=\(server.apiToken)&ckWebAuthToken=\(TestServer.encoded(token))", method: .get)
            #expect(try current.json["userRecordName"] as? String == server.user.userRecordName)

            let noContainer = try await client.execute(uri: "/auth/iCloud.com.example.Nope", method: .get)
            #expect(noContainer.status == .notFound && String(buffer: noContainer.body).contains("There is no container iCloud.com.example.Nope"))
            let unknownToken = try await client.execute(uri: "/auth/\(server.container)?apiTokenID=0123456789abcdef", method: .get)
            #expect(unknownToken.status == .badRequest && String(buffer: unknownToken.body).contains("names an API token the container does not have"))
            let noPassword = try await Self.submit(client, server, [("name", "mei")])
            #expect(noPassword.status == .badRequest && String(buffer: noPassword.body).contains("Give your name and your password."))
            let tooLarge = try await Self.submit(client, server, [("name", "mei"), ("password", String(repeating: "x", count: 9_000))])
            #expect(tooLarge.status == .contentTooLarge)
            #expect(other.recordName.hasPrefix("_"))
            for stranger in ["ann", "nobody"] {
                let refused = try await Self.submit(client, server, [("name", stranger), ("password", "correct horse")])
                #expect(refused.status == .unauthorized, "\(stranger) has no password, or does not exist: the page says the same")
                #expect(String(buffer: refused.body).contains("The name or the password is wrong."))
            }
            let control = try await Self.submit(client, server, [("name", "mei\u{0}"), ("password", "correct horse")])
            #expect(control.status == .unauthorized, "a name with a control character is no user's")
            let framed = try await client.execute(uri: "/auth/\(server.container)", method: .get)
            #expect(framed.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            #expect(framed.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            let forged = try await client.execute(
                uri: "/auth/\(server.container)", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example.com"],
                body: ByteBuffer(string: "name=mei&password=correct+horse"))
            #expect(forged.status == .forbidden && String(buffer: forged.body).contains("This form was sent from another site"))
            let escaped = try await Self.submit(client, server, [("name", "<script>"), ("password", "correct horse")])
            #expect(String(buffer: escaped.body).contains(#"value="&lt;script&gt;""#) && !String(buffer: escaped.body).contains("<script>"))
        }
    }

    @Test("five wrong passwords lock the name out, the right one included, while other names still sign in")
    func lockOut() async throws {
        let server = try await TestServer()
        try await Self.setPassword("correct horse", of: "mei", on: server)
        _ = try await server.secondUser("ann")
        try await Self.setPassword("ann's password", of: "ann", on: server)
        let other = try #require(ContainerID(rawValue: "iCloud.com.example.Other"))
        try await ContainerService(storage: server.temporary.storage).create(other)
        _ = try await UserService(storage: server.temporary.storage, configuration: server.temporary.configuration).create(name: "mei", emailAddress: nil, in: other)
        try await server.live { client in
            for _ in 1...5 {
                #expect(try await Self.submit(client, server, [("name", "mei"), ("password", "guess")]).status == .unauthorized)
            }
            let locked = try await Self.submit(client, server, [("name", "mei"), ("password", "correct horse")])
            #expect(locked.status == .tooManyRequests)
            #expect(String(buffer: locked.body).contains("Too many wrong passwords for this name: try again in 15 minutes."))
            #expect(locked.headers[.retryAfter] == "900")
            #expect(try await Self.submit(client, server, [("name", "ann"), ("password", "ann's password")]).status == .ok)
            let elsewhere = try await client.execute(
                uri: "/auth/iCloud.com.example.Other", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "name=mei&password=correct+horse"))
            #expect(elsewhere.status == .unauthorized, "mei of another container is not locked out (she has no password there)")
        }
    }

    @Test("a sign-in callback is https, or http to this machine only; a password has at least 8 characters")
    func callbackChecked() async throws {
        let server = try await TestServer()
        let credentials = CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
        for callback in [
            "javascript:alert(1)", "ftp://example.com/", "/relative", "http://127.0.0.1:8765/#fragment", "http://app.example.com/signed-in",
            "https://app.example.com/a b",
        ] {
            await #expect(throws: ServerError.self, "\(callback)") {
                _ = try await credentials.createAPIToken(container: server.container, signInCallback: callback)
            }
        }
        for callback in ["https://app.example.com/signed-in?x=1", "http://localhost:9000/", "http://[::1]:8765/"] {
            _ = try await credentials.createAPIToken(container: server.container, signInCallback: callback)
        }
        let passwords = SignInService(storage: server.temporary.storage, configuration: server.temporary.configuration)
        await #expect(throws: ServerError.self, "a password has at least 8 characters") {
            _ = try await passwords.setPassword("short", ofUserNamed: "mei", in: server.container)
        }
    }
}
