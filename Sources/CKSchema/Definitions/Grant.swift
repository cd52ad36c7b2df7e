/// One permission given to one role on a record type: `GRANT READ TO "_world"`.
public struct Grant: Hashable, Sendable {
    /// What is allowed.
    public var permission: Permission
    /// To whom: a built-in role (`_world`, `_icloud`, `_creator`) or a custom one.
    public var role: String
    /// Where the grant was written, for messages; not part of equality.
    public var location: SourceLocation?

    /// Creates a grant.
    public init(_ permission: Permission, to role: String, location: SourceLocation? = nil) {
        self.permission = permission
        self.role = role
        self.location = location
    }

    public static func == (lhs: Grant, rhs: Grant) -> Bool {
        lhs.permission == rhs.permission && lhs.role == rhs.role
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(permission)
        hasher.combine(role)
    }

    /// cktool's order: by role name in byte order, then WRITE, CREATE, READ.
    static func exportOrder(_ lhs: Grant, _ rhs: Grant) -> Bool {
        if lhs.role != rhs.role {
            return lhs.role.utf8.lexicographicallyPrecedes(rhs.role.utf8)
        }
        return lhs.permission.exportRank < rhs.permission.exportRank
    }
}
