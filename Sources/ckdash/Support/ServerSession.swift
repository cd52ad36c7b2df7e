import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// Runs a command's work against a server: builds the client from the resolved connection, hands it over,
/// shuts it down, and turns what went wrong into the one-line reason `ckdash` prints.
enum ServerSession {
    /// Runs `body` with a client for `options`; every failure becomes `ckdash: <reason>` and exit status 2.
    static func run(_ options: ConnectionOptions, _ body: (CloudKitClient, ConnectionSettings) async throws -> Void) async throws {
        try await reportingFailures(of: "ckdash") {
            let settings = try options.settings()
            let client = CloudKitClient(configuration: ClientConfiguration(
                serverURL: settings.serverURL, container: settings.container, environment: settings.environment, database: settings.database,
                credentials: .managementToken(try settings.requireToken())))
            do {
                try await body(client, settings)
            } catch let error as CloudKitClientError {
                try? await client.shutdown()
                throw CommandFailure(Self.reason(error, server: settings.serverURL))
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }

    /// One line for a failed request: the server's code and reason, or what happened to the connection.
    static func reason(_ error: CloudKitClientError, server: URL) -> String {
        switch error {
        case .transport(.connectionRefused, _): "cannot reach \(server.absoluteString): nothing is listening there (is ckserver running?)"
        default: error.description
        }
    }
}
