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
        guard client.reachesManagementAPI else { return (Schema(), "") }
        let response = try await client.schema()
        return (try response.parsedSchema(), response.ckdb)
    }

    /// The schema for a screen about the type `typeName` in `zone`: the environment's, or, with neither a
    /// management API nor a schema file, one of that type alone as just-in-time schema would make it from the
    /// fields a page of its records carry (what CloudKit's data API lets a client see of a type).
    func schema(describing typeName: String, in zone: ZoneID?) async throws -> (schema: Schema, ckdb: String) {
        guard schemaFile == nil, !client.reachesManagementAPI else { return try await schema() }
        let page = try await client.queryRecords(Query(recordType: typeName), in: zone, resultsLimit: 200)
        var fields: [String: Field] = [:]
        for case .success(let record) in page.records {
            for (name, value) in record.fields ?? [:] where fields[name] == nil {
                fields[name] = Field.justInTime(name, for: value)
            }
        }
        let recordID = Field(SystemField.recordID.rawValue, SystemField.recordID.type, indexes: [.queryable])
        let type = RecordType(typeName, fields: [recordID] + fields.values.sorted { $0.name < $1.name })
        return (Schema(recordTypes: [type]), "")
    }

    /// Whether the environment's whole schema is known (from the management API or the schema file), and with
    /// it every type that may point to a record.
    var knowsSchema: Bool { schemaFile != nil || client.reachesManagementAPI }

    /// Whether the server counts each type's records and index sizes: only through its management API.
    var countsRecords: Bool { client.reachesManagementAPI }

    /// The schema of the container's production, which a change to development may be refused for.
    func productionSchema() async throws -> Schema {
        try await client.addressing(client.configuration.container, environment: .production).schema().parsedSchema()
    }

    /// Records, bytes and index sizes per record type, by type name; none where the server cannot count them.
    func statistics() async throws -> [String: ManagementStatistics.RecordType] {
        guard countsRecords else { return [:] }
        let response = try await client.statistics()
        return Dictionary(response.recordTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
