import CKModel
import Foundation

/// Where a `CloudKitClient` sends its requests and how: the server, the container, environment and database
/// every data call addresses, the credentials, and how failed attempts are retried.
public struct ClientConfiguration: Sendable {
    /// The server's base URL, such as `https://api.apple-cloudkit.com` or `http://127.0.0.1:8080`.
    public var serverURL: URL
    /// The container every call addresses; `nil` only for a client that makes management calls about no one
    /// container (listing containers, management tokens, the audit log), where the others fail with
    /// `invalidRequest`.
    public var container: ContainerID?
    /// `development` or `production`.
    public var environment: ContainerEnvironment
    /// The database data calls address; `CloudKitClient.database(_:)` gives a client for another one.
    public var database: DatabaseScope
    /// Who the requests are sent as.
    public var credentials: Credentials
    /// How often and how patiently throttled and dropped requests are sent again.
    public var retryPolicy: RetryPolicy
    /// How long one attempt may take, from connecting to the last byte of the answer.
    public var requestTimeout: Duration
    /// The `User-Agent` every request carries, which a server's request log reads the client and its platform
    /// from: `CKClient (Linux)` (or the system it runs on) unless set.
    public var userAgent = "CKClient (\(Self.platform))"

    /// The system the client runs on, as a `User-Agent` names it.
    public static var platform: String {
        #if os(macOS)
            "macOS"
        #elseif os(Linux)
            "Linux"
        #elseif os(Windows)
            "Windows"
        #else
            "unknown"
        #endif
    }

    /// Creates a configuration.
    /// - Parameters:
    ///   - serverURL: The server's base URL, without the `/database/1/…` path.
    ///   - container: The container every call addresses.
    ///   - environment: `development` unless given.
    ///   - database: `public` unless given.
    ///   - credentials: Who the requests are sent as.
    ///   - retryPolicy: `RetryPolicy.default` unless given.
    ///   - requestTimeout: 60 seconds unless given.
    public init(
        serverURL: URL, container: ContainerID?, environment: ContainerEnvironment = .development, database: DatabaseScope = .public,
        credentials: Credentials, retryPolicy: RetryPolicy = .default, requestTimeout: Duration = .seconds(60)
    ) {
        self.serverURL = serverURL
        self.container = container
        self.environment = environment
        self.database = database
        self.credentials = credentials
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
    }
}
