/// What is wrong with a theme, and where: the file, the line when one is at fault, and the problem in words a
/// user can act on (`Themes/light.toml:12: "#12345" is not a colour: …`).
public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The theme file as the user knows it: `Themes/light.toml` for a built-in, the full path for a user's file;
    /// `nil` when no file is concerned (a theme name that names none).
    public var file: String?
    /// The line at fault, counted from 1; `nil` when the whole file is (a role no line gives).
    public var line: Int?
    /// What is wrong.
    public var problem: Problem

    /// An error about `file`, at `line` when one is at fault.
    public init(file: String?, line: Int? = nil, problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// The ways a theme can be wrong.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// The file is not TOML; the parser's own words.
        case syntax(String)
        /// A key that is no role (`known` lists the ones there are).
        case unknownRole(String, known: [String])
        /// Roles the file gives no colour to.
        case missingRoles([String])
        /// A value that is no colour.
        case notAColour(String)
        /// A word in `attrs` or `[monochrome]` that is no text attribute.
        case notAnAttribute(String)
        /// A key inside a role's table other than `fg`, `bg` and `attrs`.
        case unknownField(role: String, field: String)
        /// A `[monochrome]` that is not a table of roles.
        case monochromeNotATable
        /// The file could not be read.
        case unreadable(String)
        /// No built-in or user theme has this name (`available` lists those that do).
        case unknownTheme(String, available: [String])

        /// What is wrong and how to write it instead, for the user.
        public var description: String {
            switch self {
            case .syntax(let detail):
                "this is not TOML: \(detail)"
            case .unknownRole(let role, let known):
                "\"\(role)\" is not a role: the roles are \(known.joined(separator: ", "))"
            case .missingRoles(let roles):
                "no colour for \(roles.joined(separator: ", ")): a theme gives every role a colour"
            case .notAColour(let value):
                "\(value) is not a colour: write #rrggbb, 0–255, a colour name or default"
            case .notAnAttribute(let word):
                "\"\(word)\" is not an attribute: write bold, dim, reverse, underline, italic or none"
            case .unknownField(let role, let field):
                "\(role) has no \"\(field)\": a role takes fg, bg and attrs"
            case .monochromeNotATable:
                "monochrome is a table of roles and their attributes: write [monochrome] above them"
            case .unreadable(let reason):
                "cannot be read: \(reason)"
            case .unknownTheme(let name, let available):
                "there is no theme named \"\(name)\": choose \(available.joined(separator: ", "))"
            }
        }
    }

    /// `file:line: problem`, as compilers write it, so editors and terminals can jump to the line.
    public var description: String {
        switch (file, line) {
        case (let file?, let line?): "\(file):\(line): \(problem)"
        case (let file?, nil): "\(file): \(problem)"
        case (nil, _): problem.description
        }
    }
}
