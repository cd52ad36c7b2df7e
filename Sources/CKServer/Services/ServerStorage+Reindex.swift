import CKModel
import CKSchema

extension ServerStorage {
    /// Rebuilds the index entries of the records of `typeName` with a save's rules, from the indexes `schema`
    /// gives the type (a share's from its system fields'): after a schema change, a move between engines, or an
    /// upgrade.
    func reindex(_ typeName: String, by schema: Schema, in container: ContainerID, environment: ContainerEnvironment) async throws {
        let recordType = schema.indexedType(named: typeName)
        try await reindex(recordType: typeName, in: container, environment: environment) { record in
            RecordIndexing.indexes(of: record, in: recordType)
        }
    }
}
