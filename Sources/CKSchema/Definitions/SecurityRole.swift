/// The built-in security roles, and what makes a role name valid.
public enum SecurityRole {
    /// Everyone, signed in or not.
    public static let world = "_world"
    /// Any authenticated user.
    public static let icloud = "_icloud"
    /// The creator of a record.
    public static let creator = "_creator"

    /// The three roles every schema has without declaring them.
    public static let builtIn: [String] = [creator, icloud, world]

    /// Whether `name` is one of the built-in roles.
    public static func isBuiltIn(_ name: String) -> Bool {
        builtIn.contains(name)
    }
}
