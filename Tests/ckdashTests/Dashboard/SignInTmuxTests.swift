import CKTestSupport
import Foundation
import Testing

/// Signing a user in end to end under tmux, with data API credentials only: ckdash listens for the sign-in
/// callback, the browser (played by the test) brings the web auth token back, and the dashboard browses the
/// user's private database.
extension DashboardTmuxTests {
    @Test("with the API token alone, :db private shows the sign-in; the token returned to the callback signs the user in")
    func signInThroughTheCallback() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
        let base = [server.container, "--data", server.data]
        let apiTokenFile = server.data + "/api-token"
        try await CommandRun.ckserver(["api-token", "create", "--container"] + base).standardOutput.write(toFile: apiTokenFile, atomically: true, encoding: .utf8)
        let user = try await CommandRun.ckserver(["user", "create", "--container"] + base + ["mei"]).standardOutput
        let webAuthToken = try #require(user.split(separator: "\n").first { $0.hasPrefix("webAuthToken ") }?.split(separator: " ").last.map(String.init))
        let userRecordName = try #require(user.split(separator: "\n").first { $0.hasPrefix("userRecordName ") }?.split(separator: " ").last.map(String.init))
        let port = try FreePort.loopback()
        // The server and container, without the management token (and without the variables LiveServer empties).
        let environment = server.environment.filter { $0.key != "CKDASH_TOKEN" && !$0.value.isEmpty }
        let session = try await TmuxSession(["--api-token-file", apiTokenFile, "--sign-in-port", String(port)], environment: environment, width: 140)
        defer { session.stop() }
        try await session.waitFor("Zones of public")
        let encoded = try #require(webAuthToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let unasked = try Self.browse(port, "/callback?ckWebAuthToken=\(encoded)")
        #expect(unasked.hasPrefix("HTTP/1.1 409") && unasked.contains("No ckdash sign-in is waiting"), "a token nobody asked for is dropped: \(unasked)")
        #expect(try await session.screen().contains("Zones of public"))
        try await session.command("db private")
        try await session.waitFor("Sign in to iCloud.com.example.Party", "/auth/iCloud.com.example.Party", "http://127.0.0.1:\(port)/")

        let empty = try Self.browse(port, "/callback?ckWebAuthToken=")
        #expect(empty.hasPrefix("HTTP/1.1 400") && empty.contains("none came"), "\(empty)")
        let answer = try Self.browse(port, "/callback?ckWebAuthToken=\(encoded)")
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("Signed in: go back to ckdash."), "\(answer)")
        let signedIn = try await session.waitFor("Signed in as \(userRecordName)", "Zones of private")
        #expect(!signedIn.contains(String(webAuthToken.prefix(16))), "the token never shows")
    }

    @Test("--sign-in-port on a port already taken stops ckdash with one line saying so")
    func signInPortTaken() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
        let run = try await server.ckdashOnTerminal(["--sign-in-port", server.port])
        #expect(run.status == 2)
        #expect(run.standardOutput.contains("ckdash: cannot listen for the sign-in callback on 127.0.0.1:\(server.port): the port is taken or refused"), "\(run.standardOutput)")
    }

    /// What the callback answers a browser's `GET path`, status line first.
    private static func browse(_ port: Int, _ path: String) throws -> String {
        let browser = try RawConnection(port: port)
        #expect(browser.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        return try #require(browser.readToEnd())
    }
}
