import CKModel
import CKSchema
import Foundation
import GRDB

extension SQLiteStorage {
    public func updateSchemas<Result: Sendable>(
        of container: ContainerID, _ body: @escaping @Sendable (inout SchemaPair) throws -> (Result, Deployment?)
    ) async throws -> Result {
        try await write { db in
            let original = try schemaPair(of: container, db: db)
            var pair = original
            let (result, deployment) = try body(&pair)
            for (environment, text) in StoredSchemas.changedTexts(from: original, to: pair) {
                try db.execute(
                    sql: "UPDATE schemas SET ckdb = ? WHERE container_id = ? AND environment = ?",
                    arguments: [text, container.rawValue, environment.rawValue])
            }
            if let deployment {
                let changes = StoredText.list(deployment.changes)
                try db.execute(
                    sql: "INSERT INTO deployments (container_id, actor, deployed_at, digest, changes) VALUES (?, ?, ?, ?, ?)",
                    arguments: [container.rawValue, deployment.actor, deployment.deployedAt.timeIntervalSince1970,
                                deployment.digest, changes])
            }
            return result
        }
    }

    public func schemas(of container: ContainerID) async throws -> SchemaPair {
        try readNow { db in try schemaPair(of: container, db: db) }
    }

    private func schemaPair(of container: ContainerID, db: Database) throws -> SchemaPair {
        let texts = try Dictionary(
            uniqueKeysWithValues: Row.fetchAll(
                db.cachedStatement(sql: "SELECT environment, ckdb FROM schemas WHERE container_id = ?"), arguments: [container.rawValue]
            ).map { (row: Row) -> (String, String) in (row["environment"], row["ckdb"]) })
        guard let developmentText = texts[ContainerEnvironment.development.rawValue],
            let productionText = texts[ContainerEnvironment.production.rawValue]
        else {
            throw ServerError(.notFound, reason: "there is no container \(container)")
        }
        let deployed = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM deployments WHERE container_id = ?)"), arguments: [container.rawValue]) ?? false
        return SchemaPair(
            development: try storedSchemas.schema(from: developmentText),
            production: try storedSchemas.schema(from: productionText), hasBeenDeployed: deployed)
    }

    public func deployments(of container: ContainerID) async throws -> [Deployment] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM deployments WHERE container_id = ? ORDER BY id", arguments: [container.rawValue]
            ).map { row in
                let changes = StoredText.list(from: row["changes"])
                return Deployment(
                    actor: row["actor"], deployedAt: Date(timeIntervalSince1970: row["deployed_at"]), digest: row["digest"],
                    changes: changes)
            }
        }
    }
}
