import CKModel
import PostgresNIO

extension PostgresStorage {
    public func resetDevelopment(of container: ContainerID) async throws -> [String: Int] {
        try await write { transaction in
            try transaction.execute("SELECT 1 FROM containers WHERE id = \(container.rawValue) FOR NO KEY UPDATE")
            return try DevelopmentReset.apply(in: PostgresDevelopmentReset(transaction: transaction, container: container))
        }
    }
}
