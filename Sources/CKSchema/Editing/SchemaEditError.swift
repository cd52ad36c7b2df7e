/// Why a `SchemaEdit` cannot apply to a schema.
public enum SchemaEditError: Error, Hashable, Sendable, CustomStringConvertible {
    case recordTypeExists(String)
    case noRecordType(String)
    case usersTypeIsPermanent
    case fieldExists(recordType: String, field: String)
    case noField(recordType: String, field: String)
    case systemField(String)
    case indexExists(recordType: String, field: String, IndexKind)
    case noIndex(recordType: String, field: String, IndexKind)
    case roleExists(String)
    case noRole(String)
    case builtInRole(String)
    case grantExists(recordType: String, Grant)
    case noGrant(recordType: String, Grant)

    public var description: String {
        switch self {
        case .recordTypeExists(let type): "there is already a record type \(type)"
        case .noRecordType(let type): "there is no record type \(type)"
        case .usersTypeIsPermanent: "the Users record type is built in and cannot be deleted"
        case .fieldExists(let type, let field): "\(type) already has a field \(field)"
        case .noField(let type, let field): "\(type) has no field \(field)"
        case .systemField(let field): "\(field) is a system field: every record type has it and it cannot be added or removed"
        case .indexExists(let type, let field, let index): "\(type).\(field) is already \(index.rawValue)"
        case .noIndex(let type, let field, let index): "\(type).\(field) is not \(index.rawValue)"
        case .roleExists(let role): "there is already a role \(role)"
        case .noRole(let role): "there is no custom role \(role)"
        case .builtInRole(let role): "\(role) is a built-in role and cannot be created or deleted"
        case .grantExists(let type, let grant): "\(grant.role) already has \(grant.permission.rawValue) on \(type)"
        case .noGrant(let type, let grant): "\(grant.role) has no \(grant.permission.rawValue) on \(type)"
        }
    }
}
