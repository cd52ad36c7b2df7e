/// One fine-grained change to a development schema, as CloudKit Console makes them one at a time.
public enum SchemaEdit: Hashable, Sendable {
    /// A new record type as CloudKit makes one (`RecordType.created`).
    case createRecordType(String)
    /// Removes a record type.
    case deleteRecordType(String)
    /// Adds a field to a record type.
    case addField(recordType: String, Field)
    /// Removes a field from a record type.
    case removeField(recordType: String, field: String)
    /// Adds an index to a field.
    case addIndex(recordType: String, field: String, IndexKind)
    /// Removes an index from a field.
    case dropIndex(recordType: String, field: String, IndexKind)
    /// Declares a custom security role.
    case createRole(String)
    /// Removes a custom security role and every grant made to it.
    case deleteRole(String)
    /// Grants a permission on a record type to a role.
    case grant(recordType: String, Grant)
    /// Takes a permission on a record type back from a role.
    case revoke(recordType: String, Grant)

    /// One line saying what the edit does, for messages and the audit log.
    public var summary: String {
        switch self {
        case .createRecordType(let type): "create record type \(type)"
        case .deleteRecordType(let type): "delete record type \(type)"
        case .addField(let type, let field): "add field \(type).\(field.name) \(field.type)"
        case .removeField(let type, let field): "remove field \(type).\(field)"
        case .addIndex(let type, let field, let index): "add \(index.rawValue) index on \(type).\(field)"
        case .dropIndex(let type, let field, let index): "drop \(index.rawValue) index on \(type).\(field)"
        case .createRole(let role): "create role \(role)"
        case .deleteRole(let role): "delete role \(role)"
        case .grant(let type, let grant): "grant \(grant.permission.rawValue) on \(type) to \(grant.role)"
        case .revoke(let type, let grant): "revoke \(grant.permission.rawValue) on \(type) from \(grant.role)"
        }
    }
}
