import CKServer
import CKTestSupport
import Foundation
import Testing

/// `ckserver migrate`: a whole server moved from a data folder to PostgreSQL and back, as ckdash sees it.
@Suite("ckserver migrate, run as a command", .heavy, .enabled(if: TestStorageEngine.postgresURL != nil, "CKSERVER_TEST_POSTGRES names no server"))
struct MigrateCommandTests {
    let container = "iCloud.com.example.Party"

    private func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-cli-\(UUID().uuidString)").path
    }

    /// What ckdash shows of the server a `ckserver serve` started with `storage` answers: its containers with
    /// their counts, pages of records sorted by indexed fields in both databases, zones, users and the audit log.
    private func views(_ storage: [String], token: String) async throws -> [String] {
        let server = try await ServerProcess.start(storage: storage)
        defer { server.process.signal(SIGKILL) }
        let environment = [
            "CKDASH_SERVER": "http://127.0.0.1:\(server.port)", "CKDASH_CONTAINER": container, "CKDASH_TOKEN": token,
            "CKDASH_ENVIRONMENT": "", "CKDASH_DATABASE": "", "CKDASH_PROFILE": "", "XDG_CONFIG_HOME": folder(),
        ]
        let commands = [
            ["containers", "--json"],
            ["records", "query", "--type", "Party", "--sort", "date:desc", "--limit", "40", "--json"],
            ["records", "query", "--type", "Party", "--filter", "name == 'Party 17'", "--json"],
            ["records", "query", "--type", "Receipt", "--database", "private", "--as-user", "demo", "--zone", "Receipts", "--sort", "amount:desc", "--limit", "40", "--json"],
            ["zones", "--database", "private", "--as-user", "demo"],
            ["users", "--json"],
            ["audit", "--json"],
        ]
        var shown: [String] = []
        for command in commands {
            let run = try await CommandRun.ckdash(command, environment: environment)
            #expect(run.status == 0, "ckdash \(command.joined(separator: " ")): \(run.standardError)")
            shown.append(run.standardOutput)
        }
        return shown
    }

    @Test("a data folder copied to PostgreSQL and back shows ckdash the same containers, counts and records")
    func roundTrip() async throws {
        let data = folder()
        #expect(try await CommandRun.ckserver(["container", "create", container, "--demo", "--data", data]).status == 0)
        let minted = try await CommandRun.ckserver(["token", "create", "--json", "--data", data])
        let token = try #require((try JSONSerialization.jsonObject(with: Data(minted.standardOutput.utf8)) as? [String: Any])?["token"] as? String)
        let before = try await views(["--data", data], token: token)
        #expect(before[0].contains(container) && before[1].split(separator: "\n").count == 40)

        let url = TestStorageEngine.postgresURL!
        let postgres = url + (url.contains("?") ? "&" : "?") + "schema=\(TestStorageEngine.freshLocation().schema!)"
        let copied = try await CommandRun.ckserver(["migrate", "--from-data", data, "--to-postgres", postgres])
        #expect(copied.status == 0, "\(copied.standardError)")
        #expect(copied.standardOutput.hasPrefix("Copied containers: 1, ") && copied.standardOutput.contains("files: 1."))
        #expect(try await views(["--postgres", postgres], token: token) == before)

        let again = try await CommandRun.ckserver(["migrate", "--from-data", data, "--to-postgres", postgres])
        #expect(again.status == 2)
        #expect(again.standardError.hasPrefix("ckserver: the target already holds a server (its containers table has rows)"))

        let back = folder()
        let returned = try await CommandRun.ckserver(["migrate", "--from-postgres", postgres, "--to-data", back, "--json"])
        #expect(returned.status == 0, "\(returned.standardError)")
        let counts = try #require((try JSONSerialization.jsonObject(with: Data(returned.standardOutput.utf8)) as? [String: Any])?["rows"] as? [String: Int])
        #expect(counts["containers"] == 1 && (counts["records"] ?? 0) > 3000)
        #expect(try await views(["--data", back], token: token) == before)
    }

    @Test("a source that holds no server, or two sources, are refused with one line")
    func refusals() async throws {
        let missing = try await CommandRun.ckserver(["migrate", "--from-data", folder(), "--to-data", folder()])
        #expect(missing.status == 2 && missing.standardError.contains("holds no server"))
        let two = try await CommandRun.ckserver(["migrate", "--from-data", folder(), "--from-postgres", "postgres://x@127.0.0.1/db", "--to-data", folder()])
        #expect(two.status != 0 && two.standardError.contains("--from-data DIR or --from-postgres URL (one of them)"))
        let url = TestStorageEngine.postgresURL!
        let location = TestStorageEngine.freshLocation()
        let nowhere = url + (url.contains("?") ? "&" : "?") + "schema=\(location.schema!)"
        let target = folder()
        let empty = try await CommandRun.ckserver(["migrate", "--from-postgres", nowhere, "--to-data", target])
        #expect(empty.status == 2 && empty.standardError == "ckserver: \(location) holds no server: the database has no ckserver tables there\n")
        // A mistyped source is only looked at: no tables appear in that database, and no target is made.
        #expect(try await StorageEngine.postgres(location).holdsServer(ServerConfiguration(dataDirectory: URL(fileURLWithPath: target))) == false)
        #expect(!FileManager.default.fileExists(atPath: target))
        let none = try await CommandRun.ckserver(["migrate", "--from-data", folder()])
        #expect(none.status != 0 && none.standardError.contains("name where to copy it"))
    }
}
