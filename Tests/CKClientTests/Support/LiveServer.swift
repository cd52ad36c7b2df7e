import CKClient
import CKModel
import CKServer
import CKTestSupport
import Foundation
import Logging

/// The real ckserver on a free loopback port, with one container, a schema, a signed-in user and tokens, for
/// driving `CloudKitClient` over real HTTP.
struct LiveServer: Sendable {
    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Party (
            "___recordID" REFERENCE QUERYABLE,
            title STRING QUERYABLE SORTABLE,
            guests INT64 QUERYABLE SORTABLE,
            photo ASSET,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
        );
        """

    let container = ContainerID(rawValue: "iCloud.com.example.Party")!
    let storage: any ServerStorage
    let configuration: ServerConfiguration
    let apiToken: String
    let user: UserAccount
    let webAuthToken: String
    let url: URL
    let transport: AsyncHTTPClientTransport
    /// The test user's client: every `userClient` shares its web auth token, as one program signed in once does.
    private let signedIn: CloudKitClient

    /// Runs `body` against a fresh server, then stops the server and removes its data folder.
    /// - Parameters:
    ///   - rotatedTokenGracePeriod: How long a replaced web auth token keeps working.
    ///   - courierWait: How long a `webcourierURL` request waits for a notification.
    static func run<Value: Sendable>(
        rotatedTokenGracePeriod: Duration = .seconds(1800), courierWait: Duration = .seconds(30), _ body: @Sendable (LiveServer) async throws -> Value
    ) async throws -> Value {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckclient-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ServerConfiguration(dataDirectory: folder, rotatedTokenGracePeriod: rotatedTokenGracePeriod, courierWait: courierWait)
        let storage = try await TestStorageEngine.default.open(configuration)
        let container = ContainerID(rawValue: "iCloud.com.example.Party")!
        try await ContainerService(storage: storage).create(container)
        _ = try await SchemaService(storage: storage).importDevelopment(schema, into: container)
        let apiToken = try await CredentialService(storage: storage, configuration: configuration).createAPIToken(container: container)
        let (user, webAuthToken) = try await UserService(storage: storage, configuration: configuration)
            .create(name: "mei", emailAddress: "mei@example.com", in: container)

        var logger = Logger(label: "ckserver")
        logger.logLevel = .critical
        let server = try await LoopbackServer.start(services: ServerServices(storage: storage, configuration: configuration), logger: logger)
        let transport = AsyncHTTPClientTransport()
        let signedIn = CloudKitClient(
            configuration: ClientConfiguration(
                serverURL: server.url, container: container, credentials: .user(apiToken: apiToken, webAuthToken: webAuthToken), retryPolicy: .never),
            transport: transport)
        let live = LiveServer(
            storage: storage, configuration: configuration, apiToken: apiToken, user: user, webAuthToken: webAuthToken, url: server.url,
            transport: transport, signedIn: signedIn)
        do {
            let value = try await body(live)
            try await live.transport.shutdown()
            await server.stop()
            return value
        } catch {
            try await live.transport.shutdown()
            await server.stop()
            throw error
        }
    }

    /// A client of this server's container in `database`, sending as `credentials`, retrying nothing.
    func client(_ credentials: Credentials, database: DatabaseScope = .public) -> CloudKitClient {
        CloudKitClient(
            configuration: ClientConfiguration(
                serverURL: url, container: container, database: database, credentials: credentials, retryPolicy: .never),
            transport: transport)
    }

    /// A client acting as the test user, with the API token and the user's web auth token, which rotates once for
    /// all of these clients: the server keeps only a sign-in's newest token and the one before.
    func userClient(database: DatabaseScope = .public) -> CloudKitClient {
        signedIn.database(database)
    }
}
