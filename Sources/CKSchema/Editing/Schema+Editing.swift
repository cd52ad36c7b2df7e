extension Schema {
    /// The canonical schema after `edits`, applied in order; the first edit that cannot apply stops them all.
    ///
    /// Only the structure is checked here (what exists and what does not); whether the result is a valid
    /// schema (names, index rules, roles of grants) is `SchemaValidator`'s question.
    public func applying(_ edits: [SchemaEdit]) throws(SchemaEditError) -> Schema {
        var schema = canonical
        for edit in edits {
            try schema.apply(edit)
        }
        return schema.canonical
    }

    private mutating func apply(_ edit: SchemaEdit) throws(SchemaEditError) {
        switch edit {
        case .createRecordType(let name):
            guard recordType(named: name) == nil else { throw .recordTypeExists(name) }
            recordTypes.append(RecordType.created(name))
        case .deleteRecordType(let name):
            guard name != RecordType.usersTypeName else { throw .usersTypeIsPermanent }
            _ = try typeIndex(name)
            recordTypes.removeAll { $0.name == name }
        case .addField(let type, let field):
            guard !field.isSystemField else { throw .systemField(field.name) }
            let index = try typeIndex(type)
            guard recordTypes[index].field(named: field.name) == nil else { throw .fieldExists(recordType: type, field: field.name) }
            recordTypes[index].fields.append(field)
        case .removeField(let type, let field):
            guard SystemField(rawValue: field) == nil else { throw .systemField(field) }
            let index = try typeIndex(type)
            _ = try fieldIndex(field, of: index)
            recordTypes[index].fields.removeAll { $0.name == field }
        case .addIndex(let type, let field, let kind):
            let (typeAt, fieldAt) = try location(of: field, in: type)
            guard recordTypes[typeAt].fields[fieldAt].indexes.insert(kind).inserted else {
                throw .indexExists(recordType: type, field: field, kind)
            }
        case .dropIndex(let type, let field, let kind):
            let (typeAt, fieldAt) = try location(of: field, in: type)
            guard recordTypes[typeAt].fields[fieldAt].indexes.remove(kind) != nil else {
                throw .noIndex(recordType: type, field: field, kind)
            }
        case .createRole(let role):
            guard !SecurityRole.isBuiltIn(role) else { throw .builtInRole(role) }
            guard !roles.contains(where: { $0.name == role }) else { throw .roleExists(role) }
            roles.append(CustomRole(role))
        case .deleteRole(let role):
            guard !SecurityRole.isBuiltIn(role) else { throw .builtInRole(role) }
            guard roles.contains(where: { $0.name == role }) else { throw .noRole(role) }
            roles.removeAll { $0.name == role }
            for index in recordTypes.indices {
                recordTypes[index].grants.removeAll { $0.role == role }
            }
        case .grant(let type, let grant):
            let index = try typeIndex(type)
            guard !recordTypes[index].grants.contains(grant) else { throw .grantExists(recordType: type, grant) }
            recordTypes[index].grants.append(grant)
        case .revoke(let type, let grant):
            let index = try typeIndex(type)
            guard recordTypes[index].grants.contains(grant) else { throw .noGrant(recordType: type, grant) }
            recordTypes[index].grants.removeAll { $0 == grant }
        }
    }

    private func typeIndex(_ name: String) throws(SchemaEditError) -> Int {
        guard let index = recordTypes.firstIndex(where: { $0.name == name }) else { throw .noRecordType(name) }
        return index
    }

    private func fieldIndex(_ name: String, of typeIndex: Int) throws(SchemaEditError) -> Int {
        guard let index = recordTypes[typeIndex].fields.firstIndex(where: { $0.name == name }) else {
            throw .noField(recordType: recordTypes[typeIndex].name, field: name)
        }
        return index
    }

    private func location(of field: String, in type: String) throws(SchemaEditError) -> (type: Int, field: Int) {
        let typeAt = try typeIndex(type)
        return (typeAt, try fieldIndex(field, of: typeAt))
    }
}
