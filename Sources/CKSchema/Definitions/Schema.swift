import CKModel

/// A container environment's schema: custom roles and record types.
///
/// A schema read from a file holds what the file says. `canonical` adds what every schema has implicitly
/// (the system fields, the `Users` type) and puts fields and grants in cktool's order; compare, print,
/// diff and deploy canonical schemas.
public struct Schema: Hashable, Sendable {
    /// Custom roles, in the order declared.
    public var roles: [CustomRole]
    /// Record types, in their order (cktool keeps creation order; it does not sort by name).
    public var recordTypes: [RecordType]

    /// Creates a schema.
    public init(roles: [CustomRole] = [], recordTypes: [RecordType] = []) {
        self.roles = roles
        self.recordTypes = recordTypes
    }

    /// The record type with this name.
    public func recordType(named name: String) -> RecordType? {
        recordTypes.first { $0.name == name }
    }

    /// Whether `name` is a built-in role or a custom role of this schema.
    public func hasRole(_ name: String) -> Bool {
        SecurityRole.isBuiltIn(name) || roles.contains { $0.name == name }
    }

    /// The same schema with the implicit elements added and everything in cktool's order.
    public var canonical: Schema {
        var types = recordTypes.map(Self.canonicalRecordType)
        if let usersIndex = types.firstIndex(where: { $0.name == RecordType.usersTypeName }) {
            if types[usersIndex].field(named: "roles") == nil {
                types[usersIndex].fields.append(Field("roles", .list(.int64)))
                types[usersIndex] = Self.canonicalRecordType(types[usersIndex])
            }
        } else {
            types.append(Self.canonicalRecordType(.users))
        }
        var seenRoles = Set<String>()
        let uniqueRoles = roles.filter { seenRoles.insert($0.name).inserted }
        return Schema(roles: uniqueRoles, recordTypes: types)
    }

    private static func canonicalRecordType(_ type: RecordType) -> RecordType {
        var canonical = type
        for system in SystemField.allCases where type.field(named: system.rawValue) == nil {
            canonical.fields.append(system.field)
        }
        canonical.fields.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var seen = Set<Grant>()
        canonical.grants = type.grants.filter { seen.insert($0).inserted }.sorted(by: Grant.exportOrder)
        return canonical
    }
}
