import CKModel

/// A record type: its fields (system fields included) and the grants of the public database.
public struct RecordType: Hashable, Sendable {
    /// The name of the type every schema has for user records.
    public static let usersTypeName = "Users"

    /// The type's name.
    public var name: String
    /// The fields, in the order written (canonical schemas keep them in byte order of the name).
    public var fields: [Field]
    /// The grants, in the order written (canonical schemas keep cktool's order).
    public var grants: [Grant]
    /// Where the type was declared, for messages; not part of equality.
    public var location: SourceLocation?

    /// Creates a record type.
    public init(_ name: String, fields: [Field] = [], grants: [Grant] = [], location: SourceLocation? = nil) {
        self.name = name
        self.fields = fields
        self.grants = grants
        self.location = location
    }

    /// The field with this name.
    public func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }

    /// The fields by name, for a caller that looks up many (the first of a name written twice): one pass,
    /// where `field(named:)` for each would take time quadratic in the number of fields.
    public var fieldsByName: [String: Field] {
        Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The permissions granted to `role`.
    public func permissions(of role: String) -> Set<Permission> {
        Set(grants.filter { $0.role == role }.map(\.permission))
    }

    /// A new record type as CloudKit makes it, from the console or just in time: `___recordID` queryable,
    /// creators may write, signed-in users may create, everyone may read.
    public static func created(_ name: String) -> RecordType {
        RecordType(
            name,
            fields: [Field(SystemField.recordID.rawValue, SystemField.recordID.type, indexes: [.queryable])],
            grants: [Grant(.write, to: SecurityRole.creator), Grant(.create, to: SecurityRole.icloud), Grant(.read, to: SecurityRole.world)])
    }

    /// The built-in `Users` type as cktool exports it.
    public static var users: RecordType {
        RecordType(
            usersTypeName,
            fields: SystemField.allCases.map(\.field) + [Field("roles", .list(.int64))],
            grants: [Grant(.write, to: SecurityRole.creator), Grant(.read, to: SecurityRole.world)])
    }

    public static func == (lhs: RecordType, rhs: RecordType) -> Bool {
        lhs.name == rhs.name && lhs.fields == rhs.fields && lhs.grants == rhs.grants
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(fields)
        hasher.combine(grants)
    }
}
