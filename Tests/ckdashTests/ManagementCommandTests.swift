import CKTestSupport
import Foundation
import Testing

@Suite("ckdash containers, users, tokens, zones and audit against a running ckserver", .heavy, .serialized)
struct ManagementCommandTests {
    @Test("each command lists what the server has, changes it, and every change lands in the audit log")
    func commands() async throws {
        let server = try await LiveServer()
        #expect(try await server.ckdash(["containers", "create", "iCloud.com.example.Second"]).standardOutput == "Created iCloud.com.example.Second.\n")
        let containers = try await server.ckdash(["containers"])
        #expect(containers.standardOutput.hasPrefix("CONTAINER "))
        #expect(containers.standardOutput.contains("iCloud.com.example.Second") && containers.standardOutput.contains(server.container))

        #expect(try await server.ckdash(["schema", "import", "-"], input: "DEFINE SCHEMA CREATE ROLE Editor;").status == 0)
        let created = try await server.ckdash(["users", "create", "mei", "--email", "mei@example.com"])
        let recordName = try #require(created.standardOutput.split(separator: "(").dropFirst().first?.split(separator: ")").first.map(String.init))
        #expect(try await server.ckdash(["users", "role", recordName, "Editor"]).standardOutput == "mei has roles: Editor\n")
        let users = try await server.ckdash(["users", "--json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(users.standardOutput.utf8)) as? [[String: Any]])
        #expect(listed.first { $0["name"] as? String == "mei" }?["roles"] as? [String] == ["Editor"])
        let unknownRole = try await server.ckdash(["users", "role", recordName, "Ghost"])
        #expect(unknownRole.status == 2 && unknownRole.standardError.hasPrefix("ckdash: "))

        let apiToken = try await server.ckdash(["tokens", "create", "api", "website"])
        let secret = apiToken.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(secret.count == 64 && apiToken.standardError.contains("not shown again"))
        let management = try await server.ckdash(["tokens", "create", "management", "ci", "--read-only"])
        let ciSecret = management.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await server.ckdash(["containers"], environment: ["CKDASH_TOKEN": ciSecret]).status == 0)
        let tokens = try await server.ckdash(["tokens"]).standardOutput
        #expect(!tokens.contains(secret) && tokens.contains("website") && tokens.contains("ci (read-only)"))
        let ciLine = try #require(tokens.split(separator: "\n").first { $0.contains("ci (read-only)") })
        let ciID = String(ciLine.split(separator: " ", omittingEmptySubsequences: true)[1])
        #expect(try await server.ckdash(["tokens", "revoke", "management", ciID]).status == 0)
        let revoked = try await server.ckdash(["containers"], environment: ["CKDASH_TOKEN": ciSecret])
        #expect(revoked.status == 2 && revoked.standardError.contains("AUTHENTICATION_FAILED"))

        #expect(try await server.ckdash(["zones"]).standardOutput.contains("_defaultZone"))
        let publicZone = try await server.ckdash(["zones", "create", "Orders"])
        #expect(publicZone.status == 2 && publicZone.standardError.contains("custom zones exist only in the private database"))
        #expect(try await server.ckdash(["zones", "delete", "Orders"]).status != 0, "deleting a zone needs --yes")

        let audit = try await server.ckdash(["audit", "--json"])
        let actions = audit.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["action"] as? String
        }
        #expect(actions == ["managementToken.revoke", "managementToken.create", "apiToken.create", "user.roles", "user.create", "schema.import", "container.create"])
        let filtered = try await server.ckdash(["audit", "--action", "apiToken.create", "--json"]).standardOutput
        #expect(filtered.split(separator: "\n").count == 1)
        func filteredActions(_ options: [String]) async throws -> [String] {
            try await server.ckdash(["audit", "--json"] + options).standardOutput.split(separator: "\n").compactMap {
                (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["action"] as? String
            }
        }
        #expect(try await filteredActions(["--action", "managementToken"]) == ["managementToken.revoke", "managementToken.create"])
        #expect(try await filteredActions(["--by", "tests", "--action", "user"]) == ["user.roles", "user.create"])
        #expect(try await filteredActions(["--by", "someone else"]).isEmpty)
        #expect(try await filteredActions(["--since", "1h"]).count == 7)
        #expect(try await filteredActions(["--until", "2020-01-01"]).isEmpty)
        let badTime = try await server.ckdash(["audit", "--since", "last week"])
        #expect(badTime.status != 0 && badTime.standardError.contains("--since last week is not a time"))
    }
}
