import CKServer
import Foundation

/// The storage engines tests run servers on. PostgreSQL needs a server named by `CKSERVER_TEST_POSTGRES`
/// (`.ci/run` starts a throwaway one with `Tests/postgres-cluster`); each storage opened for a test then works
/// in a schema of its own there.
public enum TestStorageEngine {
    /// The PostgreSQL server's URL, or `nil` when none is named.
    public static let postgresURL = ProcessInfo.processInfo.environment["CKSERVER_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

    /// Every engine the storage suites run on, each passing them alike: SQLite, and PostgreSQL when there is one.
    public static var all: [StorageEngine] {
        [.sqlite] + (postgresURL == nil ? [] : [.postgres(freshLocation())])
    }

    /// The engine of suites that name none: SQLite, or PostgreSQL when `CKSERVER_TEST_ENGINE` is `postgres`
    /// (`.ci/run` runs the server suites a second time so).
    public static var `default`: StorageEngine {
        ProcessInfo.processInfo.environment["CKSERVER_TEST_ENGINE"] == "postgres" ? .postgres(freshLocation()) : .sqlite
    }

    /// `engine` itself, or for PostgreSQL a new empty schema on the same server.
    public static func fresh(_ engine: StorageEngine) -> StorageEngine {
        if case .postgres = engine { .postgres(freshLocation()) } else { engine }
    }

    /// A location in a schema of its own, empty until a storage opens it.
    public static func freshLocation() -> PostgresLocation {
        guard let postgresURL, var location = try? PostgresLocation(url: postgresURL) else {
            fatalError("CKSERVER_TEST_POSTGRES must name a PostgreSQL server, as postgres://USER@HOST:PORT/DATABASE")
        }
        location.schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return location
    }
}
