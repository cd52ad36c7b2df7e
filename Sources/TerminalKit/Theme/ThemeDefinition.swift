/// A theme as its file defines it, with colours as written: resolve it for the terminal at hand with
/// `resolved(for:)`.
public struct ThemeDefinition: Hashable, Sendable {
    /// The theme's name, the file's name without `.toml`.
    public var name: String
    /// What the file says about each role.
    public var roles: [ThemeRole: ThemeRoleStyle]

    /// A definition of `roles` named `name`.
    public init(name: String, roles: [ThemeRole: ThemeRoleStyle]) {
        self.name = name
        self.roles = roles
    }

    /// The theme for a terminal showing `level` colours: direct colour keeps every colour, 256 colours get the
    /// nearest xterm index, 16 and 8 the nearest ANSI colour (8 shows the bright ones bold), and a terminal
    /// without colour gets each role's monochrome attributes.
    public func resolved(for level: ColorLevel) -> Theme {
        Theme(name: name, styles: roles.mapValues { ThemeColorResolution.style($0, for: level) })
    }
}
