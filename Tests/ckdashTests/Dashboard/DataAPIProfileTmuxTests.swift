import CKTestSupport
import Crypto
import Foundation
import Testing

/// The dashboard started from a profile that holds data API credentials only, as a developer sets it up for
/// Apple's CloudKit: a server-to-server key and the schema exported to a file, no management token anywhere.
extension DashboardTmuxTests {
    @Test("a profile with a server-to-server key and a schema file opens on the file's record types; the public records browse as the developer; a management screen is refused")
    func keyedProfile() async throws {
        let server = try await LiveServer(container: "iCloud.com.example.Party", demo: true)
        let privateKey = P256.Signing.PrivateKey()
        let keyFile = server.data + "/key.pem"
        let publicKeyFile = server.data + "/key-public.pem"
        try privateKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        try privateKey.publicKey.pemRepresentation.write(toFile: publicKeyFile, atomically: true, encoding: .utf8)
        let keyID = try await CommandRun.ckserver(["key", "add", "--public-key", publicKeyFile, "--container", server.container, "--data", server.data])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let schemaFile = server.data + "/development.ckdb"
        try await server.ckdash(["schema", "export"]).standardOutput.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        let config = server.data + "/config"
        try FileManager.default.createDirectory(atPath: config + "/ckdash", withIntermediateDirectories: true)
        try """
            profile = "apple"

            [profiles.apple]
            server = "http://127.0.0.1:\(server.port)"
            container = "\(server.container)"
            key-id = "\(keyID)"
            key = "\(keyFile)"
            schema = "\(schemaFile)"
            """.write(toFile: config + "/ckdash/config.toml", atomically: true, encoding: .utf8)

        let session = try await TmuxSession(environment: ["XDG_CONFIG_HOME": config], width: 120)
        defer { session.stop() }
        try await session.waitFor("Record types", "Party", "Shoebox")
        try await session.command("records Party")
        try await session.waitFor("Records of Party", "party-1")
        try await session.command("tokens")
        try await session.waitFor("needs ckserver's management API")
    }
}
