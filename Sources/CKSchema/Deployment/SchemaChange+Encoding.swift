/// The JSON form of a change, for `ckdash schema diff --json` and the management API.
extension SchemaChange: Encodable {
    private enum CodingKeys: String, CodingKey {
        case changeClass = "class"
        case change, recordType, field, fieldType, fromType, toType, index, role, permission, summary, reason
    }

    /// The change's kind as a stable camel-case word (`fieldAdded` …).
    public var kindName: String {
        switch kind {
        case .recordTypeAdded: "recordTypeAdded"
        case .recordTypeRemoved: "recordTypeRemoved"
        case .fieldAdded: "fieldAdded"
        case .fieldRemoved: "fieldRemoved"
        case .fieldTypeChanged: "fieldTypeChanged"
        case .indexAdded: "indexAdded"
        case .indexRemoved: "indexRemoved"
        case .roleAdded: "roleAdded"
        case .roleRemoved: "roleRemoved"
        case .grantAdded: "grantAdded"
        case .grantRevoked: "grantRevoked"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(changeClass, forKey: .changeClass)
        try container.encode(kindName, forKey: .change)
        try container.encodeIfPresent(recordType, forKey: .recordType)
        try container.encodeIfPresent(field, forKey: .field)
        switch kind {
        case .fieldAdded(_, let field):
            try container.encode(field.type.description, forKey: .fieldType)
        case .fieldTypeChanged(_, _, let from, let to):
            try container.encode(from.description, forKey: .fromType)
            try container.encode(to.description, forKey: .toType)
        case .indexAdded(_, _, let index), .indexRemoved(_, _, let index):
            try container.encode(index, forKey: .index)
        case .roleAdded(let role), .roleRemoved(let role, _):
            try container.encode(role, forKey: .role)
        case .grantAdded(_, let grant), .grantRevoked(_, let grant):
            try container.encode(grant.role, forKey: .role)
            try container.encode(grant.permission, forKey: .permission)
        case .recordTypeAdded, .recordTypeRemoved, .fieldRemoved:
            break
        }
        try container.encode(summary, forKey: .summary)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}
