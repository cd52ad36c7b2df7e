import CKClient
import CKModel
import CKSchema

/// Fetches what the record types screen shows: the environment's schema, then (separately, since it counts
/// every record) each type's record count and index sizes. Where there is no management API (data API
/// credentials only, as on Apple's CloudKit) the schema comes from the `.ckdb` file the user gave.
struct RecordTypesLoader: Sendable {
    let client: CloudKitClient
    /// The environment's schema as a `.ckdb` file, read instead of the server's.
    var schemaFile: String?

    /// The schema of the session's environment, with its `.ckdb` text.
    func schema() async throws -> (schema: Schema, ckdb: String) {
        if let schemaFile {
            let text = try SchemaFileText.read(schemaFile)
            return (try SchemaFileText.parse(text, path: schemaFile), text)
        }
        let response = try await client.schema()
        return (try response.parsedSchema(), response.ckdb)
    }

    /// Whether the server counts each type's records and index sizes: only through its management API.
    var countsRecords: Bool { client.reachesManagementAPI }

    /// The schema of the container's production, which a change to development may be refused for.
    func productionSchema() async throws -> Schema {
        try await client.addressing(client.configuration.container, environment: .production).schema().parsedSchema()
    }

    /// Records, bytes and index sizes per record type, by type name.
    func statistics() async throws -> [String: ManagementStatistics.RecordType] {
        let response = try await client.statistics()
        return Dictionary(response.recordTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
