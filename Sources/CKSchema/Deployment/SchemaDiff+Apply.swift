extension SchemaDiff {
    /// Production's schema after a deploy: `production` with every allowed change applied.
    ///
    /// Blocked changes are left out, so removed types and fields stay and changed field types keep their
    /// production type. Production's order wins: new roles go after its roles, new record types before
    /// `Users` (which cktool always lists last), in the order development lists them.
    public func apply(to production: Schema) -> Schema {
        var schema = production.canonical
        for change in changes where change.isAllowed {
            apply(change, to: &schema)
        }
        return schema.canonical
    }

    private func apply(_ change: SchemaChange, to schema: inout Schema) {
        switch change.kind {
        case .roleAdded(let role):
            schema.roles.append(CustomRole(role))
        case .roleRemoved(let role, _):
            schema.roles.removeAll { $0.name == role }
        case .recordTypeAdded(let type):
            let usersIndex = schema.recordTypes.firstIndex { $0.name == RecordType.usersTypeName }
            schema.recordTypes.insert(type, at: usersIndex ?? schema.recordTypes.endIndex)
        case .fieldAdded(let type, let field):
            update(type, in: &schema) { $0.fields.append(field) }
        case .fieldTypeChanged(let type, let field, _, let newType):
            update(type, field, in: &schema) { $0.type = newType }
        case .indexAdded(let type, let field, let index):
            update(type, field, in: &schema) { $0.indexes.insert(index) }
        case .indexRemoved(let type, let field, let index):
            update(type, field, in: &schema) { $0.indexes.remove(index) }
        case .grantAdded(let type, let grant):
            update(type, in: &schema) { $0.grants.append(grant) }
        case .grantRevoked(let type, let grant):
            update(type, in: &schema) { $0.grants.removeAll { $0 == grant } }
        case .recordTypeRemoved, .fieldRemoved:
            break
        }
    }

    private func update(_ typeName: String, in schema: inout Schema, _ body: (inout RecordType) -> Void) {
        guard let index = schema.recordTypes.firstIndex(where: { $0.name == typeName }) else { return }
        body(&schema.recordTypes[index])
    }

    private func update(_ typeName: String, _ fieldName: String, in schema: inout Schema, _ body: (inout Field) -> Void) {
        update(typeName, in: &schema) { type in
            guard let index = type.fields.firstIndex(where: { $0.name == fieldName }) else { return }
            body(&type.fields[index])
        }
    }
}
