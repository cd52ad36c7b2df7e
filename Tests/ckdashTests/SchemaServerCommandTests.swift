import CKTestSupport
import Foundation
import Testing

@Suite("ckdash schema against a running ckserver", .heavy, .serialized)
struct SchemaServerCommandTests {
    private func digest(in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("digest ") }.map { String($0.dropFirst("digest ".count)) }
    }

    @Test("import, diff, deploy by typing the container or with --yes --digest, blocked and stale deploys refused, history, reset")
    func lifecycle() async throws {
        let server = try await LiveServer()
        let v1 = schemaFixture("apple-coins-v1")
        let v2 = schemaFixture("apple-coins-v2")

        let validated = try await server.ckdash(["schema", "validate", v1])
        #expect(validated.status == 0)
        #expect(validated.standardOutput.hasPrefix("\(v1) is valid for \(server.container): an import would make 3 changes."))
        #expect(try await server.ckdash(["schema", "import", v1]).status == 0)
        #expect(try await server.ckdash(["schema", "export"]).standardOutput == (try String(contentsOfFile: v1, encoding: .utf8)))

        let diff = try await server.ckdash(["schema", "diff"])
        #expect(diff.status == 0)
        #expect(diff.standardOutput.contains("Safe additions (3):"))
        let firstDigest = try #require(digest(in: diff.standardOutput))

        let wrongName = try await server.ckdash(["schema", "deploy"], input: "iCloud.com.example.Other\n")
        #expect(wrongName.status == 2 && wrongName.standardError.contains("not confirmed"))
        #expect(try await server.ckdash(["schema", "export", "--environment", "production"]).standardOutput.contains("Coins") == false)
        let typed = try await server.ckdash(["schema", "deploy"], input: server.container + "\n")
        #expect(typed.status == 0, "\(typed.standardError)")
        #expect(typed.standardOutput.contains("Deployed 3 changes to production of \(server.container) (digest \(firstDigest))."))
        #expect(try await server.ckdash(["schema", "export", "--environment", "production"]).standardOutput == (try String(contentsOfFile: v1, encoding: .utf8)))

        // v2 adds a type; CI reviews the diff and deploys exactly that digest, and a stale digest is refused.
        #expect(try await server.ckdash(["schema", "import", v2]).status == 0)
        let reviewed = try #require(digest(in: try await server.ckdash(["schema", "diff"]).standardOutput))
        let stale = try await server.ckdash(["schema", "deploy", "--yes", "--digest", firstDigest])
        #expect(stale.status == 2 && stale.standardError.contains("CONFLICT"))
        #expect(try await server.ckdash(["schema", "deploy", "--yes"]).status != 0, "--yes without --digest is refused")
        #expect(try await server.ckdash(["schema", "deploy", "--yes", "--digest", reviewed]).status == 0)

        // Production has Countries now: importing v1 would remove it, so the import is refused and nothing changes.
        let blocked = try await server.ckdash(["schema", "import", v1])
        #expect(blocked.status == 2)
        #expect(blocked.standardError.hasPrefix("ckdash: ") && blocked.standardError.contains("Countries"))
        #expect(blocked.standardError.split(separator: "\n").count == 1)
        #expect(try await server.ckdash(["schema", "export"]).standardOutput == (try String(contentsOfFile: v2, encoding: .utf8)))

        let history = try await server.ckdash(["schema", "history", "--json"])
        let deployments = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]])
        #expect(deployments.map { $0["digest"] as? String } == [firstDigest, reviewed])
        #expect(deployments.allSatisfy { $0["actor"] as? String == "tests" })

        let preview = try await server.ckdash(["schema", "reset", "--dry-run"])
        #expect(preview.status == 0 && preview.standardOutput.contains("no schema changes"))
        let reset = try await server.ckdash(["schema", "reset", "--yes"])
        #expect(reset.status == 0 && reset.standardOutput.hasPrefix("Reset development of \(server.container); deleted:"))
    }

    @Test("a read-only token reads everything and changes nothing; a server that is not there is one clear line")
    func refusals() async throws {
        let server = try await LiveServer()
        let minted = try await CommandRun.ckserver(["token", "create", "--read-only", "--name", "auditor", "--data", server.data, "--json"])
        let readOnly = try #require((try JSONSerialization.jsonObject(with: Data(minted.standardOutput.utf8)) as? [String: Any])?["token"] as? String)
        #expect(try await server.ckdash(["schema", "export"], environment: ["CKDASH_TOKEN": readOnly]).status == 0)
        #expect(try await server.ckdash(["schema", "validate", schemaFixture("apple-coins-v1")], environment: ["CKDASH_TOKEN": readOnly]).status == 0)
        let refused = try await server.ckdash(["schema", "import", schemaFixture("apple-coins-v1")], environment: ["CKDASH_TOKEN": readOnly])
        #expect(refused.status == 2 && refused.standardError.contains("ACCESS_DENIED"))

        let nowhere = try await server.ckdash(["schema", "export"], environment: ["CKDASH_SERVER": "http://127.0.0.1:9"])
        #expect(nowhere.status == 2)
        #expect(nowhere.standardError.hasPrefix("ckdash: cannot reach http://127.0.0.1:9"))
        let noToken = try await server.ckdash(["schema", "export"], environment: ["CKDASH_TOKEN": ""])
        #expect(noToken.standardError.hasPrefix("ckdash: no credentials: give --token (ckserver's management token), or --api-token"))
        #expect(noToken.standardError.split(separator: "\n").count == 1)
    }

    @Test("a profile in config.toml supplies the connection, and the options override it")
    func profiles() async throws {
        let server = try await LiveServer()
        let config = server.data + "/config"
        try FileManager.default.createDirectory(atPath: config + "/ckdash", withIntermediateDirectories: true)
        let environment = server.environment
        try """
            profile = "local"  # used when --profile is not given

            [profiles.local]
            server = "\(environment["CKDASH_SERVER"] ?? "")"
            container = "\(server.container)"
            token = "\(server.token)"

            [profiles.broken]
            server = "http://127.0.0.1:9"
            container = "\(server.container)"
            token = "\(server.token)"
            """.write(toFile: config + "/ckdash/config.toml", atomically: true, encoding: .utf8)
        let bare = ["CKDASH_SERVER": "", "CKDASH_CONTAINER": "", "CKDASH_TOKEN": "", "XDG_CONFIG_HOME": config]
        #expect(try await server.ckdash(["schema", "export"], environment: bare).status == 0)
        #expect(try await server.ckdash(["schema", "export", "--profile", "broken"], environment: bare).standardError.contains("cannot reach"))
        let unknown = try await server.ckdash(["schema", "export", "--profile", "staging"], environment: bare)
        #expect(unknown.standardError.contains("there is no profile staging") && unknown.standardError.contains("it has broken, local"))
        #expect(try await server.ckdash(["schema", "export", "--profile", "broken", "--server", environment["CKDASH_SERVER"] ?? ""], environment: bare).status == 0)
    }
}
