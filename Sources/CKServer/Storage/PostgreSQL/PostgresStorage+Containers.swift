import CKModel
import CKSchema
import Foundation
import PostgresNIO

extension PostgresStorage: ContainerStorage {
    public func createContainer(_ container: ContainerInfo) async throws {
        try await write { transaction in
            try Self.insisting(unique: "the container \(container.id) already exists") {
                try transaction.execute("""
                    INSERT INTO containers (id, developer_record_name, created_at)
                    VALUES (\(container.id.rawValue), \(container.developerRecordName), \(container.createdAt.timeIntervalSince1970))
                    """)
            }
            let empty = StoredSchemas.text(of: Schema())
            for environment in ContainerEnvironment.allCases {
                try transaction.execute(
                    "INSERT INTO schemas (container_id, environment, ckdb) VALUES (\(container.id.rawValue), \(environment.rawValue), \(empty))")
            }
        }
    }

    public func container(_ id: ContainerID) async throws -> ContainerInfo? {
        try await read { transaction in try Self.versionedContainer(id, in: transaction)?.container }
    }

    public func version(of container: ContainerID) async throws -> Int64? {
        try await read { transaction in try Self.versionedContainer(container, in: transaction)?.version }
    }

    public func containers() async throws -> [ContainerInfo] {
        try await read { transaction in
            try transaction.rows("SELECT \(unescaped: Self.versionedContainerColumns.joined(separator: ", ")) FROM containers ORDER BY id COLLATE \"C\"")
                .compactMap { try Self.versionedContainer($0)?.container }
        }
    }

    /// The container with this ID and its version, read inside a transaction already open.
    static func versionedContainer(_ id: ContainerID, in transaction: PostgresTransaction) throws -> (container: ContainerInfo, version: Int64)? {
        try transaction.rows("SELECT \(unescaped: versionedContainerColumns.joined(separator: ", ")) FROM containers WHERE id = \(id.rawValue)")
            .first.flatMap(versionedContainer)
    }

    private static func versionedContainer(_ row: PostgresRow) throws -> (container: ContainerInfo, version: Int64)? {
        try versionedContainer(PostgresColumns(row))
    }

    /// A container and its version, read from the columns `versionedContainerColumns` names, from where
    /// `columns` starts; `nil` for an ID this version cannot read.
    static func versionedContainer(_ columns: PostgresColumns) throws -> (container: ContainerInfo, version: Int64)? {
        guard let id = ContainerID(rawValue: try columns.decode(0, as: String.self)) else { return nil }
        let container = ContainerInfo(id: id, developerRecordName: try columns.decode(1), createdAt: Date(timeIntervalSince1970: try columns.decode(2)))
        return (container, try columns.decode(3))
    }

    /// A container's columns as `versionedContainer` reads them.
    static let versionedContainerColumns = ["id", "developer_record_name", "created_at", "version"]

    public func updateSchemas<Result: Sendable>(
        of container: ContainerID, _ body: @escaping @Sendable (inout SchemaPair) throws -> (Result, Deployment?)
    ) async throws -> Result {
        try await write { transaction in
            // The row lock makes two deploys through two servers take turns, as SQLite's one writer does.
            try transaction.execute("SELECT 1 FROM containers WHERE id = \(container.rawValue) FOR NO KEY UPDATE")
            let original = try self.schemaPair(of: container, in: transaction)
            var pair = original
            let (result, deployment) = try body(&pair)
            for (environment, text) in StoredSchemas.changedTexts(from: original, to: pair) {
                try transaction.execute(
                    "UPDATE schemas SET ckdb = \(text) WHERE container_id = \(container.rawValue) AND environment = \(environment.rawValue)")
            }
            if let deployment {
                let changes = StoredText.list(deployment.changes)
                try transaction.execute("""
                    INSERT INTO deployments (container_id, actor, deployed_at, digest, changes)
                    VALUES (\(container.rawValue), \(deployment.actor), \(deployment.deployedAt.timeIntervalSince1970), \(deployment.digest), \(changes))
                    """)
            }
            return result
        }
    }

    public func schemas(of container: ContainerID) async throws -> SchemaPair {
        try await read { transaction in try self.schemaPair(of: container, in: transaction) }
    }

    /// Both schemas of a container, read inside a transaction already open.
    func schemaPair(of container: ContainerID, in transaction: PostgresTransaction) throws -> SchemaPair {
        var texts: [String: String] = [:]
        for row in try transaction.rows("SELECT environment, ckdb FROM schemas WHERE container_id = \(container.rawValue)") {
            let (environment, text) = try row.decode((String, String).self)
            texts[environment] = text
        }
        guard let developmentText = texts[ContainerEnvironment.development.rawValue],
            let productionText = texts[ContainerEnvironment.production.rawValue]
        else {
            throw ServerError(.notFound, reason: "there is no container \(container)")
        }
        let deployed = try transaction.rows("SELECT EXISTS (SELECT 1 FROM deployments WHERE container_id = \(container.rawValue))")
            .first?.decode(Bool.self) ?? false
        return SchemaPair(
            development: try storedSchemas.schema(from: developmentText),
            production: try storedSchemas.schema(from: productionText), hasBeenDeployed: deployed)
    }

    public func deployments(of container: ContainerID) async throws -> [Deployment] {
        try await read { transaction in
            try transaction.rows("""
                SELECT actor, deployed_at, digest, changes FROM deployments WHERE container_id = \(container.rawValue) ORDER BY id
                """
            ).map { row in
                let (actor, deployedAt, digest, changesText) = try row.decode((String, Double, String, String).self)
                let changes = StoredText.list(from: changesText)
                return Deployment(actor: actor, deployedAt: Date(timeIntervalSince1970: deployedAt), digest: digest, changes: changes)
            }
        }
    }

    /// Maps PostgreSQL's unique violation to CloudKit's `EXISTS`, with `reason` as the message.
    static func insisting<T>(unique reason: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch where PostgresFailure.sqlState(of: error) == "23505" {
            throw ServerError(.exists, reason: reason)
        }
    }
}
