import CKTestSupport
import Crypto
import Foundation
import Testing

/// `ckdash` commands with CloudKit's data API credentials only, as on Apple's CloudKit: the container's API
/// token, a signed-in user's web auth token, a server-to-server key, and no management token in the process.
@Suite("Commands with data API credentials only: an API token, a user's web auth token, a server-to-server key", .heavy)
struct DataAPICommandTests {
    /// A demo server with an API token, a user `ann` with a web auth token and a server-to-server key, each in a
    /// file beside the server's data; `CKDASH_TOKEN` emptied so that no management token reaches ckdash.
    private struct Credentials {
        let server: LiveServer
        let apiTokenFile: String
        let webAuthTokenFile: String
        let webAuthToken: String
        let keyID: String
        let keyFile: String
        let noManagement = ["CKDASH_TOKEN": ""]

        init() async throws {
            server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
            let base = [server.container, "--data", server.data]
            let apiToken = try await CommandRun.ckserver(["api-token", "create", "--container"] + base).standardOutput
            apiTokenFile = server.data + "/api-token"
            try apiToken.write(toFile: apiTokenFile, atomically: true, encoding: .utf8)
            let user = try await CommandRun.ckserver(["user", "create", "--container"] + base + ["ann"]).standardOutput
            webAuthToken = try #require(user.split(separator: "\n").first { $0.hasPrefix("webAuthToken ") }?.split(separator: " ").last.map(String.init))
            webAuthTokenFile = server.data + "/web-auth-token"
            try webAuthToken.write(toFile: webAuthTokenFile, atomically: true, encoding: .utf8)
            let key = P256.Signing.PrivateKey()
            keyFile = server.data + "/key.pem"
            try key.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let publicKeyFile = server.data + "/key-public.pem"
            try key.publicKey.pemRepresentation.write(toFile: publicKeyFile, atomically: true, encoding: .utf8)
            keyID = try await CommandRun.ckserver(["key", "add", "--public-key", publicKeyFile, "--container"] + base)
                .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func ckdash(_ arguments: [String]) async throws -> CommandRun {
            try await server.ckdash(arguments, environment: noManagement)
        }
    }

    @Test("records query and zones work with an API token, a signed-in user's token (kept as the server rotates it) and a server-to-server key")
    func dataCalls() async throws {
        let given = try await Credentials()
        let anonymous = try await given.ckdash(["records", "query", "--type", "Party", "--limit", "2", "--api-token-file", given.apiTokenFile])
        #expect(anonymous.status == 0, "\(anonymous.standardError)")
        #expect(anonymous.standardOutput.contains("Party"))

        let signedIn = try await given.ckdash([
            "zones", "--database", "private", "--api-token-file", given.apiTokenFile, "--web-auth-token-file", given.webAuthTokenFile,
        ])
        #expect(signedIn.status == 0, "\(signedIn.standardError)")
        #expect(signedIn.standardOutput.contains("_defaultZone"))
        let kept = try String(contentsOfFile: given.webAuthTokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(kept != given.webAuthToken, "the rotated token replaces the one in the file")
        let mode = try FileManager.default.attributesOfItem(atPath: given.webAuthTokenFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let preferred = try await given.server.ckdash(
            ["zones", "--database", "private", "--api-token-file", given.apiTokenFile, "--web-auth-token-file", given.webAuthTokenFile],
            environment: given.noManagement.merging(["CKDASH_WEB_AUTH_TOKEN": "not-a-token", "CKDASH_API_TOKEN": "not-a-token"]) { $1 })
        #expect(preferred.status == 0, "the options win over the variables: \(preferred.standardError)")
        let again = try await given.ckdash([
            "zones", "create", "Trips", "--database", "private", "--api-token-file", given.apiTokenFile, "--web-auth-token-file", given.webAuthTokenFile,
        ])
        #expect(again.status == 0 && again.standardOutput.contains("Created zone Trips."), "\(again.standardError)")
        let subscriptions = try await given.ckdash([
            "subscriptions", "--database", "private", "--api-token-file", given.apiTokenFile, "--web-auth-token-file", given.webAuthTokenFile,
        ])
        #expect(subscriptions.status == 0, "\(subscriptions.standardError)")

        let noSchema = try await given.ckdash(["records", "export", "--type", "Party", "--format", "csv", "--api-token-file", given.apiTokenFile])
        #expect(noSchema.status != 0 && noSchema.standardError.contains("give --schema FILE.ckdb"), "\(noSchema.standardError)")
        let schemaFile = given.server.data + "/development.ckdb"
        let exported = try await given.server.ckdash(["schema", "export"])
        try exported.standardOutput.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        let csv = try await given.ckdash([
            "records", "export", "--type", "Party", "--format", "csv", "--schema", schemaFile, "--api-token-file", given.apiTokenFile,
        ])
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(csv.standardOutput.hasPrefix("recordName,") && csv.standardOutput.split(separator: "\n").count > 100)

        let keyed = try await given.ckdash(["records", "query", "--type", "Party", "--limit", "1", "--key-id", given.keyID, "--key", given.keyFile])
        #expect(keyed.status == 0, "\(keyed.standardError)")
        #expect(keyed.standardOutput.contains("Party"))
    }

    @Test("records are created, updated, imported and deleted with a server-to-server key, and a user's zone deleted with their token, through the data API alone")
    func dataChanges() async throws {
        let given = try await Credentials()
        let key = ["--key-id", given.keyID, "--key", given.keyFile]
        let created = try await given.ckdash(["records", "create", "--type", "Party", "--name", "data-api-party", "--field", "name=Made by a key"] + key)
        #expect(created.status == 0 && created.standardOutput.contains("Made by a key"), "\(created.standardError)")
        let updated = try await given.ckdash(["records", "update", "data-api-party", "--field", "name=Changed by a key"] + key)
        #expect(updated.status == 0, "\(updated.standardError)")
        let lines = (1...3).map { #"{"recordName":"data-api-import-\#($0)","fields":{"name":{"value":"Imported \#($0)","type":"STRING"}}}"# }
        let file = given.server.data + "/parties.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await given.ckdash(["records", "import", file, "--type", "Party"] + key)
        #expect(imported.status == 0 && imported.standardOutput.contains("3 created, 0 already there"), "\(imported.standardOutput)\(imported.standardError)")
        let lookup = try await given.ckdash(["records", "lookup", "data-api-party", "data-api-import-2"] + key)
        #expect(lookup.status == 0 && lookup.standardOutput.contains("Changed by a key") && lookup.standardOutput.contains("Imported 2"), "\(lookup.standardOutput)")
        let deleted = try await given.ckdash(["records", "delete", "data-api-party", "data-api-import-1"] + key)
        #expect(deleted.status == 0, "\(deleted.standardError)")
        let gone = try await given.ckdash(["records", "lookup", "data-api-party", "data-api-import-2"] + key)
        #expect(gone.status == 1 && gone.standardError == "no record named data-api-party\n", "\(gone.standardError)")

        let asUser = ["--database", "private", "--api-token-file", given.apiTokenFile, "--web-auth-token-file", given.webAuthTokenFile]
        #expect(try await given.ckdash(["zones", "create", "Trips"] + asUser).status == 0)
        let zoneDeleted = try await given.ckdash(["zones", "delete", "Trips", "--yes"] + asUser)
        #expect(zoneDeleted.status == 0, "\(zoneDeleted.standardError)")
        let zones = try await given.ckdash(["zones"] + asUser)
        #expect(zones.status == 0 && !zones.standardOutput.contains("Trips"), "\(zones.standardOutput)")
    }

    @Test("CKDASH_API_TOKEN, CKDASH_KEY_ID and CKDASH_KEY, CKDASH_SCHEMA, and a profile's api-token-file and web-auth-token-file carry the same credentials")
    func variablesAndProfile() async throws {
        let given = try await Credentials()
        let keyed = try await given.server.ckdash(["zones"], environment: given.noManagement.merging(["CKDASH_KEY_ID": given.keyID, "CKDASH_KEY": given.keyFile]) { $1 })
        #expect(keyed.status == 0 && keyed.standardOutput.contains("_defaultZone"), "\(keyed.standardError)")
        let schemaFile = given.server.data + "/development.ckdb"
        try await given.server.ckdash(["schema", "export"]).standardOutput.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        let apiToken = try String(contentsOfFile: given.apiTokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let csv = try await given.server.ckdash(
            ["records", "export", "--type", "Party", "--format", "csv"],
            environment: given.noManagement.merging(["CKDASH_API_TOKEN": apiToken, "CKDASH_SCHEMA": schemaFile]) { $1 })
        #expect(csv.status == 0 && csv.standardOutput.hasPrefix("recordName,"), "\(csv.standardError)")

        let config = given.server.data + "/profile-config"
        try FileManager.default.createDirectory(atPath: config + "/ckdash", withIntermediateDirectories: true)
        try """
            [profiles.ann]
            api-token-file = "\(given.apiTokenFile)"
            web-auth-token-file = "\(given.webAuthTokenFile)"
            database = "private"
            """.write(toFile: config + "/ckdash/config.toml", atomically: true, encoding: .utf8)
        let profiled = try await given.server.ckdash(["zones", "--profile", "ann"], environment: given.noManagement.merging(["XDG_CONFIG_HOME": config]) { $1 })
        #expect(profiled.status == 0 && profiled.standardOutput.contains("_defaultZone"), "\(profiled.standardError)")
        let kept = try String(contentsOfFile: given.webAuthTokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(kept != given.webAuthToken, "the profile's token file is kept up to date as the server rotates it")
    }

    @Test("what needs the management API, a user's database without a signed-in user, and no credentials each fail with one line", arguments: [
        (["schema", "export"], "needs ckserver's management API"),
        (["users", "list"], "needs ckserver's management API"),
        (["zones", "--database", "private"], "belongs to a signed-in user: give --web-auth-token-file"),
        (["zones", "--as-user", "ann"], "--as-user acts as a user through ckserver's management API"),
        (["zones", "--web-auth-token-file", "/dev/null/none"], "cannot read the web auth token from /dev/null/none"),
    ])
    func refusals(arguments: [String], expected: String) async throws {
        let given = try await Credentials()
        let run = try await given.ckdash(arguments + ["--api-token-file", given.apiTokenFile])
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && run.standardError.contains(expected), "\(run.standardError)")
        let bare = try await given.ckdash(["zones"])
        #expect(bare.status != 0 && bare.standardError.contains("no credentials: give --token"), "\(bare.standardError)")
    }

    @Test("data API credentials with no server named stop with one line, and start no embedded server; --api-token works as the file does; a call needing a user names the sign-in page")
    func serverNeeded() async throws {
        let given = try await Credentials()
        let data = given.server.data + "/embedded"
        let run = try await given.server.ckdash(
            ["zones", "--api-token-file", given.apiTokenFile, "--data-dir", data], environment: given.noManagement.merging(["CKDASH_SERVER": ""]) { $1 })
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "ckdash: data API credentials are for a server you name: give --server https://api.apple-cloudkit.com (Apple's CloudKit) or a ckserver's URL\n")
        #expect(!FileManager.default.fileExists(atPath: data), "no embedded server was started")
        let token = try String(contentsOfFile: given.apiTokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let flagged = try await given.ckdash(["records", "query", "--type", "Party", "--limit", "1", "--api-token", token])
        #expect(flagged.status == 0 && flagged.standardOutput.contains("Party"), "\(flagged.standardError)")
        let keyedZones = try await given.ckdash(["zones", "--key-id", given.keyID, "--key", given.keyFile])
        #expect(keyedZones.status == 0 && keyedZones.standardOutput.contains("_defaultZone"), "\(keyedZones.standardError)")
        let anonymous = try await given.ckdash(["subscriptions", "--api-token-file", given.apiTokenFile])
        #expect(anonymous.status == 2 && anonymous.standardError.contains("AUTHENTICATION_REQUIRED"), "\(anonymous.standardError)")
        #expect(anonymous.standardError.contains("; sign in at http://127.0.0.1:\(given.server.port)/auth/iCloud.com.example.Party?apiTokenID="), "\(anonymous.standardError)")
    }

    @Test("in the shared database a zone is another user's: records are reached with --zone and --zone-owner, and without the owner the command says so")
    func sharedDatabase() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.TravelJournal", journalDemo: true)
        let apiTokenFile = server.data + "/api-token"
        try await CommandRun.ckserver(["api-token", "create", "--container", server.container, "--data", server.data]).standardOutput
            .write(toFile: apiTokenFile, atomically: true, encoding: .utf8)
        let users = try #require(try JSONSerialization.jsonObject(with: Data(try await server.ckdash(["users", "list", "--json"]).standardOutput.utf8)) as? [[String: Any]])
        let guest = try #require(users.first { $0["name"] as? String == "guest" }?["userRecordName"] as? String)
        let tokenFile = server.data + "/guest-token"
        try await server.ckdash(["users", "sign-in", guest]).standardOutput.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let asGuest = ["--database", "shared", "--api-token-file", apiTokenFile, "--web-auth-token-file", tokenFile]
        let noManagement = ["CKDASH_TOKEN": ""]

        let zones = try await server.ckdash(["zones"] + asGuest, environment: noManagement)
        #expect(zones.status == 0, "\(zones.standardError)")
        let row = try #require(zones.standardOutput.split(separator: "\n").first { $0.hasPrefix("com.apple.coredata.cloudkit.share.") })
        let columns = row.split(separator: " ").map(String.init)
        let (zone, owner) = (columns[0], columns[1])
        #expect(owner.hasPrefix("_") && owner != guest, "the zone's owner is listed: \(row)")

        let query = try await server.ckdash(["records", "query", "--type", "CD_Entry", "--zone", zone, "--zone-owner", owner] + asGuest, environment: noManagement)
        #expect(query.status == 0, "\(query.standardError)")
        #expect(query.standardOutput.contains("Plans 1"), "\(query.standardOutput)")
        let noOwner = try await server.ckdash(["records", "query", "--type", "CD_Entry", "--zone", zone] + asGuest, environment: noManagement)
        #expect(noOwner.status == 2)
        #expect(
            noOwner.standardError
                == "ckdash: the shared database holds other users' zones: give --zone NAME --zone-owner USER (ckdash zones --database shared lists them)\n")
        let ownerAlone = try await server.ckdash(["records", "query", "--type", "CD_Entry", "--zone-owner", owner] + asGuest, environment: noManagement)
        #expect(ownerAlone.status != 0 && ownerAlone.standardError.contains("--zone-owner names the owner of the zone --zone names: give both"))
    }

    @Test("the dashboard with data API credentials needs the container named, since nothing can list them")
    func dashboardNeedsContainer() async throws {
        let given = try await Credentials()
        let run = try await given.server.ckdashOnTerminal(
            ["--api-token-file", given.apiTokenFile], environment: given.noManagement.merging(["CKDASH_CONTAINER": ""]) { $1 })
        #expect(run.status != 0)
        #expect(run.standardOutput.contains("ckdash: give --container ID: without ckserver's management API"), "\(run.standardOutput)")
    }
}
