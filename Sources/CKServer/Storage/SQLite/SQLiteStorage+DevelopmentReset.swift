import CKModel
import GRDB

extension SQLiteStorage {
    public func resetDevelopment(of container: ContainerID) async throws -> [String: Int] {
        try await write { db in
            try DevelopmentReset.apply(in: SQLiteDevelopmentReset(db: db, container: container))
        }
    }
}
