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

extension ManagementSchema.Change {
    /// A diff's change as the management API reports it.
    init(_ change: SchemaChange) {
        self.init(
            changeClass: change.changeClass.rawValue, change: change.kindName, recordType: change.recordType, field: change.field,
            summary: change.summary, reason: change.reason)
    }
}
