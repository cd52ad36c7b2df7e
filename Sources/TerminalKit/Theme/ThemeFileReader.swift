import TOMLKit

/// Reads the values of a parsed theme file: a role's colour, its `{ fg, bg, attrs }` table, the `[monochrome]`
/// attributes; each problem becomes a `ThemeError` at the line that writes it.
struct ThemeFileReader {
    /// The table of attributes for terminals without colour.
    static let monochromeKey = "monochrome"

    /// The file as errors name it.
    let file: String
    /// Where each key is written.
    let lines: ThemeSourceLines
    /// The roles a theme may and must give.
    let roles: [ThemeRole]

    /// The keys of `table` (found at `path` in the file), in the order the file writes them.
    func keysInFileOrder(of table: TOMLTable, under path: [String]) -> [String] {
        table.keys.sorted { (lines.line(of: path + [$0]) ?? .max, $0) < (lines.line(of: path + [$1]) ?? .max, $1) }
    }

    /// What the file says about role `key`: a colour for its text, or a table of `fg`, `bg` and `attrs`.
    func style(of key: String, in table: TOMLTable) throws(ThemeError) -> ThemeRoleStyle {
        try checkRole(key, at: [key])
        guard let value = table[key] else { return ThemeRoleStyle() }
        guard let fields = value.table else {
            return ThemeRoleStyle(foreground: try color(value, at: [key]))
        }
        var style = ThemeRoleStyle()
        for field in keysInFileOrder(of: fields, under: [key]) {
            guard let fieldValue = fields[field] else { continue }
            switch field {
            case "fg": style.foreground = try color(fieldValue, at: [key, field])
            case "bg": style.background = try color(fieldValue, at: [key, field])
            case "attrs": style.attributes = try attributes(fieldValue, at: [key, field])
            default: throw error(.unknownField(role: key, field: field), at: [key, field])
            }
        }
        return style
    }

    /// The attributes of each role in the file's `[monochrome]` table; empty when it has none.
    func monochromeAttributes(in table: TOMLTable) throws(ThemeError) -> [ThemeRole: TextAttributes] {
        let path = [Self.monochromeKey]
        guard let value = table[Self.monochromeKey] else { return [:] }
        guard let monochrome = value.table else { throw error(.monochromeNotATable, at: path) }
        var result: [ThemeRole: TextAttributes] = [:]
        for key in keysInFileOrder(of: monochrome, under: path) {
            try checkRole(key, at: path + [key])
            if let words = monochrome[key] {
                result[ThemeRole(key)] = try attributes(words, at: path + [key])
            }
        }
        return result
    }

    private func checkRole(_ key: String, at path: [String]) throws(ThemeError) {
        guard roles.contains(ThemeRole(key)) else {
            throw error(.unknownRole(key, known: roles.map(\.rawValue) + [Self.monochromeKey]), at: path)
        }
    }

    private func color(_ value: any TOMLValueConvertible, at path: [String]) throws(ThemeError) -> TerminalColor {
        if let text = value.string, let color = TerminalColor(themeFileText: text) {
            return color
        }
        if let index = value.int, let color = TerminalColor(themeFileIndex: index) {
            return color
        }
        throw error(.notAColour(value.string.map { "\"\($0)\"" } ?? value.debugDescription), at: path)
    }

    private func attributes(_ value: any TOMLValueConvertible, at path: [String]) throws(ThemeError) -> TextAttributes {
        guard let text = value.string else {
            throw error(.notAnAttribute(value.debugDescription), at: path)
        }
        var result: TextAttributes = []
        for word in TextAttributes.themeFileWords(text) {
            guard let attribute = TextAttributes(themeFileWord: word) else {
                throw error(.notAnAttribute(word), at: path)
            }
            result.formUnion(attribute)
        }
        return result
    }

    private func error(_ problem: ThemeError.Problem, at path: [String]) -> ThemeError {
        ThemeError(file: file, line: lines.line(of: path), problem: problem)
    }
}
