import CKModel
import Foundation
import Logging

/// ckserver running inside another process on a free loopback port: the dashboard's embedded default.
///
/// Its data lives in one folder. The first start (a folder with no container yet) fills the demo container;
/// every start reuses the management token kept in the folder (readable by its owner only), so the process
/// that embeds the server talks to it over HTTP like to any remote ckserver. It installs no signal handlers:
/// the embedding process owns those, and calls `stop()`.
///
/// ```swift
/// let server = try await EmbeddedServer.start(dataDirectory: folder)
/// let client = CloudKitClient(configuration: ClientConfiguration(serverURL: server.url, …,
///                                                                 credentials: .managementToken(server.managementToken)))
/// …
/// await server.stop()
/// ```
public final class EmbeddedServer: Sendable {
    /// The container filled with the demo app on the first start.
    public static let demoContainer = ContainerID(rawValue: "iCloud.com.example.Party")!
    /// The container written by Core Data that the first start fills too (`DemoJournal`).
    public static let journalContainer = ContainerID(rawValue: "iCloud.com.example.TravelJournal")!

    /// Where it listens, such as `http://127.0.0.1:53122`.
    public var url: URL { server.url }
    /// A management token for every container.
    public let managementToken: String
    /// Whether this start created the demo container (the folder was new).
    public let createdDemo: Bool
    private let server: LoopbackServer

    private init(server: LoopbackServer, managementToken: String, createdDemo: Bool) {
        self.server = server
        self.managementToken = managementToken
        self.createdDemo = createdDemo
    }

    /// Opens (or creates) the data folder, fills the demo containers the first time, and starts listening on
    /// 127.0.0.1 on a free port.
    /// - Parameters:
    ///   - dataDirectory: The folder of the database, the assets and the token.
    ///   - logger: Where the server logs (the dashboard points it at its log file, never at the terminal).
    public static func start(dataDirectory: URL, logger: Logger = Logger(label: "ckserver")) async throws -> EmbeddedServer {
        let configuration = ServerConfiguration(dataDirectory: dataDirectory)
        let storage = try await StorageEngine.sqlite.open(configuration)
        var createdDemo = false
        if try await storage.containers().isEmpty {
            _ = try await DemoContainer(storage: storage, configuration: configuration).create(demoContainer)
            _ = try await DemoJournal(storage: storage, configuration: configuration).create(journalContainer)
            createdDemo = true
        }
        let token = try await managementToken(in: dataDirectory, storage: storage, configuration: configuration)
        let server = try await LoopbackServer.start(services: ServerServices(storage: storage, configuration: configuration), logger: logger)
        return EmbeddedServer(server: server, managementToken: token, createdDemo: createdDemo)
    }

    /// Stops listening after the requests in flight.
    public func stop() async {
        await server.stop()
    }

    /// The token kept in `dashboard-token`, or a new one written there when the file is missing or its token
    /// was revoked.
    private static func managementToken(in folder: URL, storage: any ServerStorage, configuration: ServerConfiguration) async throws -> String {
        let file = folder.appendingPathComponent("dashboard-token")
        if let saved = try? String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
            try await storage.credential(secretHash: SecretGenerator.hash(of: saved))?.kind == .managementToken
        {
            return saved
        }
        let token = try await CredentialService(storage: storage, configuration: configuration)
            .createManagementToken(name: "ckdash (embedded)", container: nil, readOnly: false)
        try? FileManager.default.removeItem(at: file)
        guard FileManager.default.createFile(atPath: file.path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ServerError(.internalError, reason: "cannot write \(file.path): is the data folder writable?")
        }
        return token
    }
}
