@testable import CKServer
import Foundation

/// The PostgreSQL server the storage suites also run on, named by `CKSERVER_TEST_POSTGRES` (`.ci/run` starts a
/// throwaway one with `Tests/postgres-cluster`); without it they run on SQLite only.
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["CKSERVER_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

    /// A location in a schema of its own, empty until a storage opens it: each test starts from nothing.
    static func freshLocation() throws -> PostgresLocation {
        var location = try PostgresLocation(url: url ?? "")
        location.schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return location
    }
}
