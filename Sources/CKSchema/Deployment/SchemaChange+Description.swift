extension SchemaChange {
    /// One line saying what the change does: "add field Coins.issueYear INT64".
    public var summary: String {
        switch kind {
        case .recordTypeAdded(let type):
            let userFields = type.fields.filter { !$0.isSystemField }.count
            return "add record type \(type.name) (\(userFields) field\(userFields == 1 ? "" : "s"), \(type.grants.count) grant\(type.grants.count == 1 ? "" : "s"))"
        case .recordTypeRemoved(let name):
            return "remove record type \(name)"
        case .fieldAdded(let type, let field):
            let indexes = field.indexes.sorted().map(\.rawValue).joined(separator: " ")
            return "add field \(type).\(field.name) \(field.type)\(indexes.isEmpty ? "" : " " + indexes)"
        case .fieldRemoved(let type, let field):
            return "remove field \(type).\(field)"
        case .fieldTypeChanged(let type, let field, let from, let to):
            return "change the type of \(type).\(field) from \(from) to \(to)"
        case .indexAdded(let type, let field, let index):
            return "add \(index.rawValue) index on \(type).\(field)"
        case .indexRemoved(let type, let field, let index):
            return "drop \(index.rawValue) index on \(type).\(field)"
        case .roleAdded(let role):
            return "create role \(role)"
        case .roleRemoved(let role, _):
            return "delete role \(role)"
        case .grantAdded(let type, let grant):
            return "grant \(grant.permission.rawValue) on \(type) to \(grant.role)"
        case .grantRevoked(let type, let grant):
            return "revoke \(grant.permission.rawValue) on \(type) from \(grant.role)"
        }
    }

    /// Why production refuses a blocked change and how to get the same result; for other changes, what to
    /// know before deploying them, or `nil`.
    public var reason: String? {
        switch kind {
        case .recordTypeRemoved(let name):
            return "record types in production can never be removed; keep \(name) in development and stop using it in the app"
        case .fieldRemoved(let type, let field):
            return "fields in production can never be removed; keep \(type).\(field) in development and stop writing it"
        case .fieldTypeChanged(_, _, let from, let to):
            if changeClass == .safe {
                return "pins the NUMBER field's preference; it cannot change again afterwards"
            }
            if from.primitive.isEncrypted != to.primitive.isEncrypted {
                return "whether a field is ENCRYPTED can never change in production; add a new field instead"
            }
            if case .number = from.primitive, case .number = to.primitive {
                return "a NUMBER field's PREFERRED AS can never change once set; add a new field instead"
            }
            return "a field's type can never change in production; add a new field with the new type instead"
        case .indexRemoved(_, let field, let index):
            return "queries that filter or sort on \(field) with the \(index.rawValue) index fail in production after the deploy"
        case .roleRemoved(let role, let keeper?):
            return "production never removes \(keeper), which still grants \(role), so the role must stay"
        case .roleRemoved(let role, nil):
            return "users assigned to \(role) lose the permissions it granted"
        case .grantAdded(_, let grant) where grant.role == SecurityRole.world && grant.permission != .read:
            return "anyone, even signed out, gains \(grant.permission.rawValue)"
        default:
            return nil
        }
    }

    /// The words that identify the change exactly, for the diff's digest.
    var digestComponents: [String] {
        switch kind {
        case .recordTypeAdded(let type): ["record-type-added", type.name, SchemaPrinter.print(Schema(recordTypes: [type]))]
        case .recordTypeRemoved(let name): ["record-type-removed", name]
        case .fieldAdded(let type, let field):
            ["field-added", type, field.name, field.type.description] + field.indexes.sorted().map(\.rawValue)
        case .fieldRemoved(let type, let field): ["field-removed", type, field]
        case .fieldTypeChanged(let type, let field, let from, let to):
            ["field-type-changed", type, field, from.description, to.description]
        case .indexAdded(let type, let field, let index): ["index-added", type, field, index.rawValue]
        case .indexRemoved(let type, let field, let index): ["index-removed", type, field, index.rawValue]
        case .roleAdded(let role): ["role-added", role]
        case .roleRemoved(let role, let keeper): ["role-removed", role] + (keeper.map { [$0] } ?? [])
        case .grantAdded(let type, let grant): ["grant-added", type, grant.permission.rawValue, grant.role]
        case .grantRevoked(let type, let grant): ["grant-revoked", type, grant.permission.rawValue, grant.role]
        }
    }
}
