import Foundation

/// How a server runs: where its data lives and the lifetimes and limits it enforces.
public struct ServerConfiguration: Sendable {
    /// The folder holding the SQLite database and the asset files.
    public var dataDirectory: URL
    /// How long a web auth token lives after it is issued: 14 days unless set.
    public var webAuthTokenLifetime: Duration
    /// How long a token stays valid after a response replaced it, so concurrent requests with it succeed.
    public var rotatedTokenGracePeriod: Duration
    /// How long a `webcourierURL` request waits for a notification before answering with an empty body.
    public var courierWait: Duration
    /// How often a waiting `webcourierURL` request reads its queue again, for notifications no wake-up announced
    /// (queued by another server sharing an SQLite folder, or while a PostgreSQL listener was reconnecting).
    public var courierRecheck: Duration = .seconds(1)
    /// How long a push token lives without being created, registered or polled: 7 days unless set.
    public var pushTokenIdleLifetime: Duration = .seconds(7 * 24 * 3600)
    /// How long the request log keeps an entry: 7 days unless set; zero keeps no log at all.
    public var requestLogRetention: Duration = .seconds(7 * 24 * 3600)
    /// The most entries the request log keeps, the oldest deleted first: a million unless set.
    public var requestLogCapacity = 1_000_000
    /// Whether the server counts its requests into telemetry (per-minute series for 48 hours, hourly for 30 days).
    public var keepsTelemetry = true
    /// Whether `/metrics` answers anyone; otherwise it needs a management token for every container.
    public var metricsArePublic = false
    /// The largest asset file accepted, in bytes.
    public var maximumAssetSize: Int
    /// The address clients reach the server at (`https://ck.example.com`), for the URLs it hands out (sign-in
    /// page, upload, download and courier URLs); `nil` uses `http://` and the request's Host header.
    public var publicURL: String?
    /// What one request and all requests together may cost.
    public var limits = ServerLimits()
    /// The address the server listens on, set when it starts: a server on loopback takes only loopback names in
    /// the Host header.
    var listeningHost: String?

    /// Creates a configuration.
    public init(
        dataDirectory: URL, webAuthTokenLifetime: Duration = .seconds(14 * 24 * 3600),
        rotatedTokenGracePeriod: Duration = .seconds(30 * 60), courierWait: Duration = .seconds(30),
        maximumAssetSize: Int = 50 * 1024 * 1024, publicURL: String? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.webAuthTokenLifetime = webAuthTokenLifetime
        self.rotatedTokenGracePeriod = rotatedTokenGracePeriod
        self.courierWait = courierWait
        self.maximumAssetSize = maximumAssetSize
        self.publicURL = publicURL
    }

    /// The folder of the asset files, one file per distinct content.
    public var assetsDirectory: URL {
        dataDirectory.appendingPathComponent("assets", isDirectory: true)
    }

    /// The SQLite database file in the data folder.
    public var databaseURL: URL {
        dataDirectory.appendingPathComponent("ckserver.sqlite")
    }
}
