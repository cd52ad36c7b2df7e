import CKModel
import CKSchema

/// The management API's wire form of schemas and their diffs.
extension ManagementSchema.Response {
    /// An environment's schema as its canonical `.ckdb` text and as JSON.
    init(environment: ContainerEnvironment, schema: Schema) {
        let canonical = schema.canonical
        self.init(
            environment: environment, ckdb: SchemaPrinter.print(canonical),
            recordTypes: canonical.recordTypes.map { type in
                ManagementSchema.RecordType(
                    name: type.name,
                    fields: type.fields.map { field in
                        ManagementSchema.Field(name: field.name, type: field.type.description, indexes: field.indexes.sorted().map(\.rawValue))
                    },
                    grants: type.grants.map { ManagementSchema.Grant(permission: $0.permission.rawValue, role: $0.role) })
            },
            roles: canonical.roles.map(\.name))
    }
}

extension ManagementStatistics.Response {
    /// The statistics of every record type of `schema`, each declared index with what its storage holds.
    init(environment: ContainerEnvironment, schema: Schema, stored: [RecordTypeStatistics]) {
        let storedByType = Dictionary(stored.map { ($0.recordType, $0) }, uniquingKeysWith: { first, _ in first })
        self.init(
            environment: environment,
            recordTypes: schema.canonical.recordTypes.sorted { $0.name < $1.name }.map { type in
                let statistics = storedByType[type.name]
                let indexes = type.fields.flatMap { field in
                    field.indexes.sorted().map { kind in
                        let storage = statistics?.indexes.first { $0.field == field.name && $0.isSearch == (kind == .searchable) }
                        return ManagementStatistics.Index(
                            field: field.name, index: kind.rawValue, entries: storage?.entries ?? 0, bytes: storage?.bytes ?? 0)
                    }
                }
                return ManagementStatistics.RecordType(
                    name: type.name, records: statistics?.records ?? 0, recordBytes: statistics?.recordBytes ?? 0, indexes: indexes)
            })
    }
}
