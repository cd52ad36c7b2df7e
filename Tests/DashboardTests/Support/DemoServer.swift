import CKClient
import CKModel
import CKServer
import Foundation
import Logging
import Testing

@testable import Dashboard

/// The embedded server with the demo container in a fresh folder, and a management-token client of it: what
/// the dashboard talks to when started without a server.
struct DemoServer {
    let server: EmbeddedServer
    let client: CloudKitClient
    let folder: URL

    /// Runs `body` against a fresh demo server (on a copy of `DemoTemplate`), then stops it and removes its folder.
    static func run<Value>(_ body: (DemoServer) async throws -> Value) async throws -> Value {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await DemoTemplate.copy(to: folder)
        var logger = Logger(label: "ckserver")
        logger.logLevel = .critical
        let server = try await EmbeddedServer.start(dataDirectory: folder, logger: logger)
        let client = CloudKitClient(configuration: ClientConfiguration(
            serverURL: server.url, container: nil, credentials: .managementToken(server.managementToken), retryPolicy: .never))
        let demo = DemoServer(server: server, client: client, folder: folder)
        do {
            let value = try await body(demo)
            try await client.shutdown()
            await server.stop()
            return value
        } catch {
            try? await client.shutdown()
            await server.stop()
            throw error
        }
    }

    /// The demo user, whose private database holds the Receipts zone.
    func demoUser() async throws -> ActingUser {
        let users = try await client.addressing(EmbeddedServer.demoContainer, environment: .development).users()
        let demo = try #require(users.first { $0.name == "demo" })
        return ActingUser(userRecordName: demo.userRecordName, name: demo.name)
    }

    /// The session of the demo container in `database`, as the demo user for the private one.
    func session(_ database: DatabaseScope = .public, zone: String? = nil) async throws -> Session {
        Session(
            container: EmbeddedServer.demoContainer, database: database, zone: zone.map { ZoneID(zoneName: $0) },
            user: database == .public ? nil : try await demoUser())
    }
}
