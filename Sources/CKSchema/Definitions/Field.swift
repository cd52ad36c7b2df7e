/// A field of a record type: a name, a type and the indexes it carries.
public struct Field: Hashable, Sendable {
    /// The field's name.
    public var name: String
    /// The field's type.
    public var type: FieldType
    /// The indexes declared on the field.
    public var indexes: Set<IndexKind>
    /// Where the field was declared, for messages; not part of equality.
    public var location: SourceLocation?

    /// Creates a field.
    public init(_ name: String, _ type: FieldType, indexes: Set<IndexKind> = [], location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.indexes = indexes
        self.location = location
    }

    /// Whether this is one of the six system fields every record type has.
    public var isSystemField: Bool {
        SystemField(rawValue: name) != nil
    }

    public static func == (lhs: Field, rhs: Field) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.indexes == rhs.indexes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(indexes)
    }
}
