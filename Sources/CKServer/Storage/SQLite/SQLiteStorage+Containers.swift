import CKModel
import CKSchema
import Foundation
import GRDB

extension SQLiteStorage {
    public func createContainer(_ container: ContainerInfo) async throws {
        try await write { db in
            try Self.insisting(unique: "the container \(container.id) already exists") {
                try db.execute(
                    sql: "INSERT INTO containers (id, developer_record_name, created_at) VALUES (?, ?, ?)",
                    arguments: [container.id.rawValue, container.developerRecordName, container.createdAt.timeIntervalSince1970])
            }
            let empty = StoredSchemas.text(of: Schema())
            for environment in ContainerEnvironment.allCases {
                try db.execute(
                    sql: "INSERT INTO schemas (container_id, environment, ckdb) VALUES (?, ?, ?)",
                    arguments: [container.id.rawValue, environment.rawValue, empty])
            }
        }
    }

    public func container(_ id: ContainerID) async throws -> ContainerInfo? {
        try readNow { db in try Self.container(id, db: db) }
    }

    /// The container with this ID, read inside a transaction already open.
    static func container(_ id: ContainerID, db: Database) throws -> ContainerInfo? {
        try versionedContainer(id, db: db)?.container
    }

    /// The container with this ID and its version, read inside a transaction already open.
    static func versionedContainer(_ id: ContainerID, db: Database) throws -> (container: ContainerInfo, version: Int64)? {
        try db.fetchFirstCached(sql: "SELECT \(containerColumns) FROM containers WHERE id = ?", binding: [id.rawValue]) { columns in
            containerInfo(columns).map { ($0, columns.int64(3)) }
        }
    }

    public func version(of container: ContainerID) async throws -> Int64? {
        try readNow { db in try Self.versionedContainer(container, db: db)?.version }
    }

    public func containers() async throws -> [ContainerInfo] {
        try await writer.read { db in
            try db.fetchAllCached(sql: "SELECT \(Self.containerColumns) FROM containers ORDER BY id", binding: [], Self.containerInfo)
        }
    }

    /// The columns of a container as `containerInfo` reads them, by position, and its version after them.
    private static let containerColumns = "id, developer_record_name, created_at, version"

    /// A container read from the columns `containerColumns` names.
    private static func containerInfo(_ columns: SQLiteColumns) -> ContainerInfo? {
        guard let id = ContainerID(rawValue: columns.text(0)) else { return nil }
        return ContainerInfo(id: id, developerRecordName: columns.text(1), createdAt: Date(timeIntervalSince1970: columns.double(2)))
    }
}
