/// A custom security role, declared with `CREATE ROLE Name;`.
public struct CustomRole: Hashable, Sendable {
    /// The role's name.
    public var name: String
    /// Where the role was declared, for messages; not part of equality.
    public var location: SourceLocation?

    /// Creates a role.
    public init(_ name: String, location: SourceLocation? = nil) {
        self.name = name
        self.location = location
    }

    public static func == (lhs: CustomRole, rhs: CustomRole) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
