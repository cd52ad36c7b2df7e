import CKTestSupport
import Foundation
import Testing

@Suite("config.toml: its mistakes are one clear line naming the file", .heavy)
struct ProfileFileTests {
    /// Runs `ckdash zones` with `config` as the config file and no connection variables.
    func run(config: String, arguments: [String] = []) async throws -> (CommandRun, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/ckdash", withIntermediateDirectories: true)
        let path = folder + "/ckdash/config.toml"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try await CommandRun.ckdash(
            ["zones"] + arguments,
            environment: ["XDG_CONFIG_HOME": folder, "CKDASH_SERVER": "", "CKDASH_CONTAINER": "", "CKDASH_TOKEN": "", "CKDASH_PROFILE": ""])
        try? FileManager.default.removeItem(atPath: folder)
        return (run, path)
    }

    @Test("a line that is not TOML is reported with the file and its line")
    func syntaxError() async throws {
        let (run, path) = try await run(config: "profile = \"local\"\r\n\r\n[profiles.local\r\nserver = 1\r\n")
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("ckdash: \(path):3: "))
    }

    @Test("an unknown key, a value without quotes, and a missing profile each say what is wrong")
    func mistakes() async throws {
        let unknown = try await run(config: "[profiles.local]\nsrever = \"http://x\"\n", arguments: ["--profile", "local"])
        #expect(unknown.0.standardError.contains("profile local sets srever, which is not one of api-token, api-token-file, as-user, container, database"))
        let number = try await run(config: "profile = \"local\"\n[profiles.local]\ntoken = 42\n")
        #expect(number.0.standardError.contains("profile local sets token to something other than text: write it in quotes"))
        let missing = try await run(config: "[profiles.a]\n[profiles.b]\n", arguments: ["--profile", "c"])
        #expect(missing.0.standardError.contains("there is no profile c in \(missing.1) (it has a, b)"))
    }
}
