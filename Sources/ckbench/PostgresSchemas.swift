import CKServer
import Logging
import PostgresNIO

/// The schemas `ckbench server --postgres` works in, dropped when it ends so that it leaves nothing behind.
enum PostgresSchemas {
    /// Drops the schema each URL names (`?schema=`), with everything in it; a failure is reported, not thrown.
    static func drop(_ urls: [String]) async {
        for url in urls {
            guard let location = try? PostgresLocation(url: url), let schema = location.schema else { continue }
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: try location.connectionConfiguration(), id: 0, logger: Logger(label: "ckbench"))
                // The name was checked by `PostgresLocation` (letters, digits, underscores).
                try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"), logger: Logger(label: "ckbench"))
                try await connection.close()
            } catch {
                print("ckbench: could not drop the schema \(schema): \(error)")
            }
        }
    }
}
