import CKModel

/// Rebuilds the index entries an upgrade of the tables left to rebuild (`RecordStorage.pendingReindexes`), with
/// the same rules a save follows, in every container and environment; run where a server's storage opens.
enum PendingReindexing {
    /// Rebuilds the entries of the pending record types, then forgets them. Cheap when nothing is pending.
    static func run(on storage: any ServerStorage) async throws {
        let pending = try await storage.pendingReindexes()
        guard !pending.isEmpty else { return }
        try await rebuild(pending, on: storage)
        for recordType in pending {
            try await storage.finishPendingReindex(of: recordType)
        }
    }

    /// Rebuilds the index entries of the records of `recordTypes` from each environment's schema (shares from
    /// their system fields' indexes).
    static func rebuild(_ recordTypes: [String], on storage: any ServerStorage) async throws {
        for container in try await storage.containers() {
            let schemas = try await storage.schemas(of: container.id)
            for environment in ContainerEnvironment.allCases {
                let schema = schemas.schema(of: environment)
                for typeName in recordTypes {
                    try await storage.reindex(typeName, by: schema, in: container.id, environment: environment)
                }
            }
        }
    }
}
