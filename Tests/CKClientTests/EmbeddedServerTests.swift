import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("The embedded server, as the dashboard starts it", .heavy)
struct EmbeddedServerTests {
    @Test("the first start fills the demo containers; later starts keep the data and the token, and a revoked token is replaced")
    func startsTwice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = AsyncHTTPClientTransport()
        func containers(_ server: EmbeddedServer) async throws -> [ManagementContainers.Container] {
            let client = CloudKitClient(
                configuration: ClientConfiguration(serverURL: server.url, container: nil, credentials: .managementToken(server.managementToken)),
                transport: transport)
            return try await client.containers()
        }

        let first = try await EmbeddedServer.start(dataDirectory: folder)
        #expect(first.createdDemo)
        #expect(first.url.host == "127.0.0.1")
        let listed = try await containers(first)
        #expect(Set(listed.map(\.containerID)) == [EmbeddedServer.demoContainer, EmbeddedServer.journalContainer])
        let tokenFile = folder.appendingPathComponent("dashboard-token").path
        let permissions = try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        await first.stop()

        let second = try await EmbeddedServer.start(dataDirectory: folder)
        #expect(!second.createdDemo && second.managementToken == first.managementToken)
        #expect(try await containers(second).count == 2, "nothing is filled again")
        await second.stop()

        try "revoked\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let third = try await EmbeddedServer.start(dataDirectory: folder)
        #expect(third.managementToken != "revoked" && third.managementToken != first.managementToken)
        #expect(try await containers(third).count == 2)
        await third.stop()
        try await transport.shutdown()
    }
}
