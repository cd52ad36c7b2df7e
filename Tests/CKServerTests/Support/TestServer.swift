import CKModel
import CKServer
import CKTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A server with one container, a user and tokens, for route tests over real HTTP on loopback.
struct TestServer {
    private(set) var temporary: TemporaryStorage
    let container = ContainerID(rawValue: "iCloud.com.example.Party")!
    let apiToken: String
    let managementToken: String
    let user: UserAccount
    let webAuthToken: String

    /// A server on `engine`, whose couriers wait `courierWait` and read their queue every `courierRecheck`.
    init(engine: StorageEngine = TestStorageEngine.default, courierWait: Duration = .milliseconds(300), courierRecheck: Duration = .seconds(1)) async throws {
        temporary = try await TemporaryStorage(engine: engine, courierWait: courierWait, courierRecheck: courierRecheck)
        try await ContainerService(storage: temporary.storage).create(container)
        let credentials = CredentialService(storage: temporary.storage, configuration: temporary.configuration)
        apiToken = try await credentials.createAPIToken(container: container)
        managementToken = try await credentials.createManagementToken(name: "tests", container: nil, readOnly: false)
        (user, webAuthToken) = try await UserService(storage: temporary.storage, configuration: temporary.configuration)
            .create(name: "mei", emailAddress: "mei@example.com", in: container)
    }

    /// The same server, its container, user and tokens, on `storage`: where a copy of it went.
    func moved(to storage: TemporaryStorage) -> TestServer {
        var moved = self
        moved.temporary = storage
        return moved
    }

    var services: ServerServices {
        ServerServices(storage: temporary.storage, configuration: temporary.configuration)
    }

    /// Runs `body` against the server listening on a free loopback port; both run on the threads of in-process
    /// servers (`ServerExecutor`), as `LoopbackServer` does, not on the test pool.
    func live<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        guard #available(macOS 15.0, *) else { return try await buildApplication(services: services, port: 0).test(.live, body) }
        return try await withTaskExecutorPreference(ServerExecutor.shared) {
            try await buildApplication(services: services, port: 0).test(.live, body)
        }
    }

    /// Runs `body` against two servers listening on free loopback ports, on the same data folder (on PostgreSQL, the
    /// same database and folders of their own) with storage opened by each and memory of its own: two instances
    /// sharing one database. `body` gets the server that answers and
    /// the one to make changes through: the other server with `changingThroughAnotherServer`, else the same one.
    func liveTwice<Value: Sendable>(
        changingThroughAnotherServer another: Bool,
        _ body: @Sendable (_ answering: any TestClientProtocol, _ changing: any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        var configuration = temporary.configuration
        if case .postgres = temporary.engine {
            // Servers on PostgreSQL share the database only: each has a folder of its own, as on machines of their own.
            configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-tests-\(UUID().uuidString)")
        }
        let other = ServerServices(storage: try await temporary.reopened(), configuration: configuration)
        return try await live { first in
            guard #available(macOS 15.0, *) else {
                return try await buildApplication(services: other, port: 0).test(.live) { try await body(first, another ? $0 : first) }
            }
            return try await withTaskExecutorPreference(ServerExecutor.shared) {
                try await buildApplication(services: other, port: 0).test(.live) { try await body(first, another ? $0 : first) }
            }
        }
    }

    /// `/database/1/<container>/development/public/<path>`.
    func path(_ operation: String, database: String = "public", environment: String = "development") -> String {
        "/database/1/\(container)/\(environment)/\(database)/\(operation)"
    }

    /// A token percent-encoded for a query string, as clients must send it.
    static func encoded(_ token: String) -> String {
        token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
    }
}

extension TestResponse {
    /// The body as a JSON object.
    var json: [String: Any] {
        get throws {
            let data = Data(buffer: body)
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw ServerError(.internalError, reason: "the body is not a JSON object: \(String(decoding: data, as: UTF8.self))")
            }
            return object
        }
    }
}
