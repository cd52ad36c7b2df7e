import CKClient
import CKModel
import CKServer
import CKSchema
import CommandLineSupport
import Foundation

/// Runs a command's work against a server: builds the client from the resolved connection, hands it over,
/// shuts it down, and turns what went wrong into the one-line reason `ckdash` prints.
enum ServerSession {
    /// Runs `body` with a client for `options`; every failure becomes `ckdash: <reason>` and exit status 2.
    /// - Parameter usesDatabase: Whether the command makes data calls in the chosen database; the private and
    ///   shared ones belong to a user, so they need `--as-user`.
    static func run(
        _ options: ConnectionOptions, usesDatabase: Bool = false, _ body: (CloudKitClient, ConnectionSettings) async throws -> Void
    ) async throws {
        try await reportingFailures(of: "ckdash") {
            let variables = ProcessInfo.processInfo.environment
            let embedded = try await options.embeddedServerIfNoneGiven(variables: variables)
            do {
                var settings = try options.settings(environment: variables, fallbackServer: embedded.map { ($0.url, $0.managementToken) })
                if embedded != nil, settings.container == nil { settings.container = EmbeddedServer.demoContainer }
                try await run(settings, usesDatabase: usesDatabase, body)
            } catch {
                await embedded?.stop()
                throw error
            }
            await embedded?.stop()
        }
    }

    /// Runs `body` with a client for `settings`, shutting the client down whatever happens.
    private static func run(
        _ settings: ConnectionSettings, usesDatabase: Bool, _ body: (CloudKitClient, ConnectionSettings) async throws -> Void
    ) async throws {
        let signedIn = settings.dataCredentials?.webAuthToken != nil
        if usesDatabase, settings.database != .public, settings.actingAsUser == nil, !signedIn {
            throw CommandFailure(
                settings.token == nil
                    ? "the \(settings.database.rawValue) database belongs to a signed-in user: give --web-auth-token-file FILE with the user's web auth token"
                    : "the \(settings.database.rawValue) database belongs to a user: give --as-user USER (`ckdash users` lists them)")
        }
        if settings.actingAsUser != nil, settings.token == nil {
            throw CommandFailure("--as-user acts as a user through ckserver's management API: give --token, or sign the user in (--web-auth-token-file)")
        }
        var configuration = ClientConfiguration(
            serverURL: settings.serverURL, container: settings.container, environment: settings.environment, database: settings.database,
            credentials: try settings.credentials())
        configuration.userAgent = CKDashCommand.userAgent
        let client = CloudKitClient(configuration: configuration)
        defer { settings.dataCredentials?.keep(rotated: client.webAuthToken) }
        do {
            try await body(try await acting(client, as: settings.actingAsUser, in: settings), settings)
        } catch let error as CloudKitClientError {
            try? await client.shutdown()
            throw CommandFailure(Self.reason(error, server: settings.serverURL))
        } catch let error as RecordFileError {
            try? await client.shutdown()
            throw CommandFailure(error.description)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    /// The client acting as `user` (a record name, name or email address of the container's users), or `client`
    /// itself when no user is given.
    static func acting(_ client: CloudKitClient, as user: String?, in settings: ConnectionSettings) async throws -> CloudKitClient {
        guard let user else { return client }
        let container = try settings.requireContainer()
        let users = try await client.users()
        guard let match = users.first(where: { $0.userRecordName == user || $0.name == user || $0.emailAddress == user }) else {
            let known = users.isEmpty ? "it has no users" : "it has " + users.map(\.name).joined(separator: ", ")
            throw CommandFailure("there is no user \(user) in \(container) to act as (\(known))")
        }
        return client.actingAsUser(recordName: match.userRecordName)
    }

    /// One line for a failed request: the server's code and reason, or what happened to the connection.
    static func reason(_ error: CloudKitClientError, server: URL) -> String {
        switch error {
        case .transport(.connectionRefused, _): "cannot reach \(server.absoluteString): nothing is listening there (is ckserver running?)"
        default: error.description
        }
    }
}
