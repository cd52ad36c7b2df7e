import CKModel
import Foundation
import Logging

/// A client of CloudKit Web Services: records, zones, change feeds, subscriptions, users, assets, push tokens
/// and sharing, against Apple's service or any compatible server such as ckserver.
///
/// Each call sends one request (retrying throttled, busy and dropped ones as `RetryPolicy` says) and returns
/// CKModel values. A request that fails throws `CloudKitClientError`; an item that fails inside a successful
/// batch is a `.failure` among the call's per-item results, in request order, beside the items that succeeded.
///
/// ```swift
/// let client = CloudKitClient(configuration: ClientConfiguration(
///     serverURL: URL(string: "http://127.0.0.1:8080")!,
///     container: ContainerID(rawValue: "iCloud.com.example.Party")!,
///     credentials: .user(apiToken: apiToken, webAuthToken: webAuthToken)))
///
/// let (saved, _) = try await client.modifyRecords(saving: [
///     Record(recordName: "party-1", recordType: "Party", fields: ["title": .string("Picnic")]),
/// ])
/// for try await page in client.queryPages(Query(recordType: "Party")) {
///     for case .success(let record) in page.records { print(record.recordName ?? "") }
/// }
/// try await client.shutdown()
/// ```
///
/// A client is `Sendable` and cheap to derive: `database(_:)` addresses another database,
/// `addressing(_:environment:)` another container or environment, and `actingAsUser(webAuthToken:)` or
/// `actingAsUser(recordName:)` another user, all over the same connections.
public final class CloudKitClient: Sendable {
    /// The server, container, credentials and retry policy this client uses.
    public let configuration: ClientConfiguration
    let transport: any HTTPTransport
    let webAuthTokens: WebAuthTokenStore
    let logger: Logger
    /// Waits between attempts; a parameter so that tests record the waits instead of spending them.
    let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a client with its own `AsyncHTTPClientTransport`; call `shutdown()` when done.
    /// - Parameters:
    ///   - configuration: The server, container, credentials and retry policy.
    ///   - logger: Where each attempt and retry is logged, at debug level.
    public convenience init(configuration: ClientConfiguration, logger: Logger = Logger(label: "ckclient")) {
        self.init(configuration: configuration, transport: AsyncHTTPClientTransport(), logger: logger)
    }

    /// Creates a client that sends its requests through `transport`.
    /// - Parameters:
    ///   - configuration: The server, container, credentials and retry policy.
    ///   - transport: What sends the requests.
    ///   - logger: Where each attempt and retry is logged, at debug level.
    public convenience init(configuration: ClientConfiguration, transport: any HTTPTransport, logger: Logger = Logger(label: "ckclient")) {
        self.init(
            configuration: configuration, transport: transport, webAuthTokens: WebAuthTokenStore(configuration.credentials.webAuthToken),
            logger: logger, sleep: { try await Task.sleep(for: $0) })
    }

    init(
        configuration: ClientConfiguration, transport: any HTTPTransport, webAuthTokens: WebAuthTokenStore, logger: Logger,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.configuration = configuration
        self.transport = transport
        self.webAuthTokens = webAuthTokens
        var logger = logger
        logger[metadataKey: "ck.container"] = "\(configuration.container?.rawValue ?? "none")"
        logger[metadataKey: "ck.environment"] = "\(configuration.environment.rawValue)"
        self.logger = logger
        self.sleep = sleep
    }

    /// The web auth token the next request sends: the latest one the server rotated in. Keep it to sign the
    /// user in again later without a new sign-in.
    public var webAuthToken: String? {
        webAuthTokens.current
    }

    /// Whether management calls can be sent: a management token is configured (the data API's credentials alone,
    /// as on Apple's CloudKit, reach no management API).
    public var reachesManagementAPI: Bool {
        configuration.credentials.managementToken != nil
    }

    /// A client for another database of the same container, sharing this one's connections and web auth token.
    public func database(_ database: DatabaseScope) -> CloudKitClient {
        var configuration = configuration
        configuration.database = database
        return CloudKitClient(configuration: configuration, transport: transport, webAuthTokens: webAuthTokens, logger: logger, sleep: sleep)
    }

    /// A client of another container or environment, in the same database, over the same connections.
    public func addressing(_ container: ContainerID?, environment: ContainerEnvironment) -> CloudKitClient {
        var configuration = configuration
        configuration.container = container
        configuration.environment = environment
        return CloudKitClient(configuration: configuration, transport: transport, webAuthTokens: webAuthTokens, logger: logger, sleep: sleep)
    }

    /// A client acting as the user whose web auth token this is, with this client's API token, over the same
    /// connections; its token rotates apart from this client's.
    public func actingAsUser(webAuthToken: String) -> CloudKitClient {
        var configuration = configuration
        configuration.credentials.webAuthToken = webAuthToken
        return CloudKitClient(
            configuration: configuration, transport: transport, webAuthTokens: WebAuthTokenStore(webAuthToken), logger: logger, sleep: sleep)
    }

    /// A client with this one's API token and no signed-in user, over the same connections: what asks the server
    /// where to sign in again once the user's web auth token lapsed, since the lapsed token would only be refused.
    public func signedOut() -> CloudKitClient {
        var configuration = configuration
        configuration.credentials.webAuthToken = nil
        return CloudKitClient(configuration: configuration, transport: transport, webAuthTokens: WebAuthTokenStore(nil), logger: logger, sleep: sleep)
    }

    /// A client whose management token's data calls act as the user with this record name (ckserver's
    /// `X-CKServer-Act-As`), or as the developer again when `nil`, over the same connections.
    public func actingAsUser(recordName userRecordName: String?) -> CloudKitClient {
        var configuration = configuration
        configuration.credentials.actingAsUser = userRecordName
        return CloudKitClient(configuration: configuration, transport: transport, webAuthTokens: webAuthTokens, logger: logger, sleep: sleep)
    }

    /// Shuts the transport down (its connections are shared with every client derived from this one); no call
    /// may follow.
    public func shutdown() async throws {
        try await transport.shutdown()
    }
}
