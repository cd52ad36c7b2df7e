import CKTestSupport
import Foundation

/// A real `ckserver serve` on loopback with one container and a management token, and `ckdash` commands
/// pointed at it through the `CKDASH_*` variables (with an empty config folder, so no profile interferes).
final class LiveServer: @unchecked Sendable {
    let container: String
    let token: String
    let data: String
    private let server: ServerProcess

    /// A read-only management token, when the server was started with one.
    let readOnlyToken: String?

    /// Starts a server with `container` (the Party demo when `demo`, the Core Data demo when `journalDemo`), each of
    /// `otherContainers`, and a read-only token when asked for.
    init(
        container: String = "iCloud.com.example.Shop", demo: Bool = false, journalDemo: Bool = false, otherContainers: [String] = [],
        readOnlyToken: Bool = false
    ) async throws {
        self.container = container
        data = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-server-\(UUID().uuidString)").path
        for id in [container] + otherContainers {
            let created = try await CommandRun.ckserver(["container", "create", id, "--data", data] + (id != container ? [] : demo ? ["--demo"] : journalDemo ? ["--journal-demo"] : []))
            guard created.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: created.standardError]) }
        }
        token = try await Self.mintToken(["--name", "tests"], data: data)
        self.readOnlyToken = readOnlyToken ? try await Self.mintToken(["--name", "reader", "--read-only"], data: data) : nil
        server = try await ServerProcess.start(data: data)
    }

    private static func mintToken(_ options: [String], data: String) async throws -> String {
        let minted = try await CommandRun.ckserver(["token", "create"] + options + ["--data", data, "--json"])
        guard let object = try JSONSerialization.jsonObject(with: Data(minted.standardOutput.utf8)) as? [String: Any],
            let token = object["token"] as? String
        else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: minted.standardOutput + minted.standardError]) }
        return token
    }

    deinit {
        server.stopInBackground(removing: data)
    }

    /// The loopback port the server listens on.
    var port: String { server.port }

    /// The variables that point ckdash at this server.
    var environment: [String: String] {
        [
            "CKDASH_SERVER": "http://127.0.0.1:\(server.port)", "CKDASH_CONTAINER": container, "CKDASH_TOKEN": token,
            "CKDASH_ENVIRONMENT": "", "CKDASH_DATABASE": "", "CKDASH_PROFILE": "", "XDG_CONFIG_HOME": data + "/no-config",
        ]
    }

    /// Runs `ckdash arguments` against this server on a pseudo-terminal; standard output and error arrive together.
    func ckdashOnTerminal(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> CommandRun {
        try await CommandRun.onTerminal("ckdash", arguments, environment: environment.merging(extra) { $1 })
    }

    /// Runs `ckdash arguments` against this server.
    func ckdash(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async throws -> CommandRun {
        try await CommandRun.ckdash(arguments, input: input, environment: environment.merging(extra) { $1 })
    }
}
