import CKTestSupport
import Crypto
import Foundation
import Testing

/// Signing a user in end to end under tmux, with data API credentials only: ckdash shows the server's sign-in
/// page and listens for the sign-in callback; the browser (played by the test) signs in on the page, which sends
/// it to the callback with the web auth token, and the dashboard browses the user's private database.
extension DashboardTmuxTests {
    @Test("with the API token alone, :db private shows the sign-in page; signing in there sends the token to ckdash's callback")
    func signInThroughTheCallback() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
        let base = [server.container, "--data", server.data]
        let port = try FreePort.loopback()
        let apiTokenFile = server.data + "/api-token"
        let apiToken = try await CommandRun.ckserver(["api-token", "create", "--sign-in-callback", "http://127.0.0.1:\(port)/", "--container"] + base)
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try apiToken.write(toFile: apiTokenFile, atomically: true, encoding: .utf8)
        let user = try await CommandRun.ckserver(["user", "create", "--container"] + base + ["mei"]).standardOutput
        let webAuthToken = try #require(user.split(separator: "\n").first { $0.hasPrefix("webAuthToken ") }?.split(separator: " ").last.map(String.init))
        let userRecordName = try #require(user.split(separator: "\n").first { $0.hasPrefix("userRecordName ") }?.split(separator: " ").last.map(String.init))
        _ = try await CommandRun.ckserver(["user", "password", "mei", "--container"] + base, input: "correct horse\n")
        // The server and container, without the management token (and without the variables LiveServer empties).
        let environment = server.environment.filter { $0.key != "CKDASH_TOKEN" && !$0.value.isEmpty }
        let session = try await TmuxSession(["--api-token-file", apiTokenFile, "--sign-in-port", String(port)], environment: environment, width: 160)
        defer { session.stop() }
        try await session.waitFor("Zones of public")
        let encoded = try #require(webAuthToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let unasked = try Self.browse(port, "GET", "/callback?ckWebAuthToken=\(encoded)")
        #expect(unasked.hasPrefix("HTTP/1.1 409") && unasked.contains("No ckdash sign-in is waiting"), "a token nobody asked for is dropped: \(unasked)")
        #expect(try await session.screen().contains("Zones of public"))
        try await session.command("db private")
        let apiTokenID = SHA256.hash(data: Data(apiToken.utf8)).map { String(format: "%02x", $0) }.joined().prefix(16)
        let signInPath = "/auth/iCloud.com.example.Party?apiTokenID=\(apiTokenID)"
        try await session.waitFor("Sign in to iCloud.com.example.Party", signInPath, "http://127.0.0.1:\(port)/")

        let empty = try Self.browse(port, "GET", "/callback?ckWebAuthToken=")
        #expect(empty.hasPrefix("HTTP/1.1 400") && empty.contains("none came"), "\(empty)")
        let serverPort = try #require(Int(server.port))
        let page = try Self.browse(serverPort, "GET", signInPath)
        #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("<form method=\"post\""), "\(page)")
        let signedInOnPage = try Self.browse(
            serverPort, "POST", "/auth/iCloud.com.example.Party", form: "apiTokenID=\(apiTokenID)&name=mei&password=correct+horse")
        #expect(signedInOnPage.hasPrefix("HTTP/1.1 303"), "\(signedInOnPage)")
        let location = try #require(
            signedInOnPage.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location: ") }.map { String($0.dropFirst("location: ".count)) })
        #expect(location.hasPrefix("http://127.0.0.1:\(port)/?ckWebAuthToken="), "\(location)")
        let answer = try Self.browse(port, "GET", String(location.dropFirst("http://127.0.0.1:\(port)".count)))
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("Signed in: go back to ckdash."), "\(answer)")
        let signedIn = try await session.waitFor("Signed in as \(userRecordName)", "Zones of private")
        let token = try #require(URLComponents(string: location)?.queryItems?.first?.value)
        #expect(!signedIn.contains(String(token.prefix(16))), "the token never shows")
    }

    @Test("--sign-in-port on a port already taken stops ckdash with one line saying so")
    func signInPortTaken() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
        let run = try await server.ckdashOnTerminal(["--sign-in-port", server.port])
        #expect(run.status == 2)
        #expect(run.standardOutput.contains("ckdash: cannot listen for the sign-in callback on 127.0.0.1:\(server.port): the port is taken or refused"), "\(run.standardOutput)")
    }

    /// What a server on `port` answers a browser's `method path` (with `form` as the body of a form), status
    /// line first.
    private static func browse(_ port: Int, _ method: String, _ path: String, form: String? = nil) throws -> String {
        let browser = try RawConnection(port: port)
        // As a browser sends a form from the page it came from: the page's origin with it.
        let body = form.map {
            "Origin: http://127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \($0.utf8.count)\r\n\r\n\($0)"
        } ?? "\r\n"
        #expect(browser.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\(body)"))
        return try #require(browser.readToEnd())
    }
}
