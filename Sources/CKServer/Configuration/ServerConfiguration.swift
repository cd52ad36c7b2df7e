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

    /// Creates a configuration.
    public init(
        dataDirectory: URL, webAuthTokenLifetime: Duration = .seconds(14 * 24 * 3600),
        rotatedTokenGracePeriod: Duration = .seconds(30 * 60), courierWait: Duration = .seconds(30)
    ) {
        self.dataDirectory = dataDirectory
        self.webAuthTokenLifetime = webAuthTokenLifetime
        self.rotatedTokenGracePeriod = rotatedTokenGracePeriod
        self.courierWait = courierWait
    }

    /// The SQLite database file in the data folder.
    public var databaseURL: URL {
        dataDirectory.appendingPathComponent("ckserver.sqlite")
    }
}
