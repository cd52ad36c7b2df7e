import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("ckserver bootstrap commands, run as a command", .heavy)
struct BootstrapCommandTests {
    let party = "iCloud.com.example.Party"

    /// The options of a fresh server state on `engine`: a new data folder, or a new PostgreSQL schema.
    private func storage(_ engine: StorageEngine) -> [String] {
        guard case .postgres(let location) = TestStorageEngine.fresh(engine) else {
            return ["--data", FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-cli-\(UUID().uuidString)").path]
        }
        let url = TestStorageEngine.postgresURL!
        return ["--postgres", url + (url.contains("?") ? "&" : "?") + "schema=\(location.schema!)"]
    }

    private func schemaFixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CKSchemaTests/Fixtures/\(name).ckdb").path
    }

    private func json(_ run: CommandRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    @Test("a container is created once, with a clear error the second time", arguments: TestStorageEngine.all)
    func containerCreate(engine: StorageEngine) async throws {
        let store = storage(engine)
        let created = try await CommandRun.ckserver(["container", "create", party] + store)
        #expect(created.status == 0)
        #expect(created.standardOutput == "created container \(party) (development and production)\n")
        let again = try await CommandRun.ckserver(["container", "create", party] + store)
        #expect(again.status == 2)
        #expect(again.standardError == "ckserver: the container \(party) already exists\n")
        let bad = try await CommandRun.ckserver(["container", "create", "not a container"] + store)
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("is not a container identifier"))
    }

    @Test("tokens, users and keys print what clients need, as text and as JSON", arguments: TestStorageEngine.all)
    func credentials(engine: StorageEngine) async throws {
        let store = storage(engine)
        _ = try await CommandRun.ckserver(["container", "create", party] + store)
        let management = try await json(CommandRun.ckserver(["token", "create", "--container", party, "--read-only", "--json"] + store))
        #expect((management["token"] as? String)?.hasPrefix("ckm_") == true)
        #expect(management["readOnly"] as? Bool == true)
        let apiToken = try await CommandRun.ckserver(["api-token", "create", "--container", party] + store)
        #expect(apiToken.standardOutput.count == 65 && apiToken.standardOutput.dropLast().allSatisfy(\.isHexDigit))
        let user = try await json(CommandRun.ckserver(["user", "create", "--container", party, "mei", "--email", "mei@example.com", "--json"] + store))
        #expect((user["userRecordName"] as? String)?.count == 33)
        #expect(((user["webAuthToken"] as? String)?.count ?? 0) >= 100)
        let unknownContainer = try await CommandRun.ckserver(["api-token", "create", "--container", "iCloud.other"] + store)
        #expect(unknownContainer.status == 2)
        #expect(unknownContainer.standardError == "ckserver: there is no container iCloud.other\n")
    }

    @Test("a user's sign-in password comes from a file or standard input, never an argument; an API token's sign-in callback is checked", arguments: TestStorageEngine.all)
    func signInSettings(engine: StorageEngine) async throws {
        let store = storage(engine)
        _ = try await CommandRun.ckserver(["container", "create", party] + store)
        _ = try await CommandRun.ckserver(["user", "create", "--container", party, "mei"] + store)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-password-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "correct horse\nignored\n".write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try await CommandRun.ckserver(["user", "password", "mei", "--container", party, "--password-file", file] + store)
        #expect(fromFile.status == 0 && fromFile.standardOutput == "mei signs in at /auth/\(party) with the new password\n", "\(fromFile.standardError)")
        let fromInput = try await json(CommandRun.ckserver(["user", "password", "mei", "--container", party, "--json"] + store, input: "battery staple\n"))
        #expect(fromInput["hasPassword"] as? Bool == true)
        let short = try await CommandRun.ckserver(["user", "password", "mei", "--container", party] + store, input: "short\n")
        #expect(short.status == 2 && short.standardError == "ckserver: a password has at least 8 characters and at most 1024 bytes\n")
        let empty = try await CommandRun.ckserver(["user", "password", "mei", "--container", party] + store, input: "")
        #expect(empty.status == 2 && empty.standardError == "ckserver: no password given: put it in a file (first line) or on standard input\n")
        let nobody = try await CommandRun.ckserver(["user", "password", "ann", "--container", party, "--remove"] + store)
        #expect(nobody.status == 2 && nobody.standardError == "ckserver: there is no user named ann in \(party)\n")
        let removed = try await CommandRun.ckserver(["user", "password", "mei", "--container", party, "--remove"] + store)
        #expect(removed.standardOutput == "mei has no password: the sign-in page no longer signs them in\n")

        let callback = try await CommandRun.ckserver(["api-token", "create", "--container", party, "--sign-in-callback", "http://127.0.0.1:8765/"] + store)
        #expect(callback.status == 0 && callback.standardOutput.count == 65)
        let notHTTP = try await CommandRun.ckserver(["api-token", "create", "--container", party, "--sign-in-callback", "javascript:alert(1)"] + store)
        #expect(notHTTP.status == 2)
        #expect(
            notHTTP.standardError
                == "ckserver: a sign-in callback is an https address without a fragment, or http to 127.0.0.1, [::1] or localhost, such as http://127.0.0.1:8765/\n")
    }

    @Test("a public key file gives a 64-hex key ID; anything else is refused", arguments: TestStorageEngine.all)
    func keys(engine: StorageEngine) async throws {
        let store = storage(engine)
        _ = try await CommandRun.ckserver(["container", "create", party] + store)
        let pem = """
            -----BEGIN PUBLIC KEY-----
            MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEfUSPJARQyQNVtDs6DDQELvYQzOKo
            QPf5UU+A/2/n8q9REQPeQsFPrmhqZBwJFG9FTK72ZVKBpAyLRJl5Up92sQ==
            -----END PUBLIC KEY-----
            """
        let keyFile = try temporaryFile(pem, named: "public.pem")
        let added = try await CommandRun.ckserver(["key", "add", "--container", party, "--public-key", keyFile] + store)
        #expect(added.status == 0)
        #expect(added.standardOutput.count == 65 && added.standardOutput.dropLast().allSatisfy(\.isHexDigit))
        let notAKey = try await CommandRun.ckserver(["key", "add", "--container", party, "--public-key", schemaFixture("apple-empty")] + store)
        #expect(notAKey.status == 2)
        #expect(notAKey.standardError.hasPrefix("ckserver: the file is not an ECDSA P-256 public key"))
    }

    @Test("schema import and deploy: blocked changes are refused with reasons, nothing applied", arguments: TestStorageEngine.all)
    func schema(engine: StorageEngine) async throws {
        let store = storage(engine)
        _ = try await CommandRun.ckserver(["container", "create", party] + store)
        let imported = try await CommandRun.ckserver(["schema", "import", "--container", party, schemaFixture("apple-coins-v1")] + store)
        #expect(imported.status == 0)
        #expect(imported.standardOutput.hasSuffix("imported into \(party) development (3 changes)\n"))
        let deployed = try await CommandRun.ckserver(["schema", "deploy", "--container", party] + store)
        #expect(deployed.status == 0)
        #expect(deployed.standardOutput.contains("  add record type Coins (4 fields, 3 grants)\n"))
        let shrink = try await CommandRun.ckserver(["schema", "import", "--container", party, schemaFixture("apple-empty")] + store)
        #expect(shrink.status == 2)
        #expect(shrink.standardError.hasPrefix("ckserver: the schema would lose what production has: remove record type Coins"))
        let nothing = try await CommandRun.ckserver(["schema", "deploy", "--container", party] + store)
        #expect(nothing.standardOutput == "nothing to deploy: production matches development\n")
        let broken = try temporaryFile("DEFINE SCHEMA RECORD TYPE T (a BADTYPE);")
        let refused = try await CommandRun.ckserver(["schema", "import", "--container", party, broken] + store)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("line 1, column 32: found \"BADTYPE\""))
    }

    @Test("custom roles need CREATE ROLE in the schema", arguments: TestStorageEngine.all)
    func roles(engine: StorageEngine) async throws {
        let store = storage(engine)
        _ = try await CommandRun.ckserver(["container", "create", party] + store)
        _ = try await CommandRun.ckserver(["user", "create", "--container", party, "mei"] + store)
        let unknown = try await CommandRun.ckserver(["user", "role", "--container", party, "mei", "--add", "Editor"] + store)
        #expect(unknown.status == 2)
        let schema = try temporaryFile("DEFINE SCHEMA CREATE ROLE Editor; RECORD TYPE Note (a STRING, GRANT WRITE TO Editor);")
        _ = try await CommandRun.ckserver(["schema", "import", "--container", party, schema] + store)
        let added = try await CommandRun.ckserver(["user", "role", "--container", party, "mei", "--add", "Editor"] + store)
        #expect(added.standardOutput == "mei roles: Editor\n")
        let both = try await CommandRun.ckserver(["user", "role", "--container", party, "mei", "--add", "A", "--remove", "B"] + store)
        #expect(both.status != 0)
        #expect(both.standardError.contains("exactly one of --add ROLE and --remove ROLE"))
    }
}
