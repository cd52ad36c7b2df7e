import TOMLKit

extension ThemeDefinition {
    /// Reads the theme file `text`, named `name` and shown in errors as `file`, checking it against `roles`:
    /// every role gets a colour, no other key is a role, every colour and attribute is one. A role the file's
    /// `[monochrome]` table leaves out takes its attributes from `monochromeDefaults`.
    public init(
        parsing text: String, name: String, file: String, roles: [ThemeRole],
        monochromeDefaults: [ThemeRole: TextAttributes] = ThemeRole.widgetMonochromeAttributes
    ) throws(ThemeError) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ThemeError(file: file, line: error.source.begin.line, problem: .syntax(error.description))
        } catch {
            throw ThemeError(file: file, problem: .syntax("\(error)"))
        }
        let reader = ThemeFileReader(file: file, lines: ThemeSourceLines(text), roles: roles)
        let monochrome = try reader.monochromeAttributes(in: table)
        var styles: [ThemeRole: ThemeRoleStyle] = [:]
        for key in reader.keysInFileOrder(of: table, under: []) where key != ThemeFileReader.monochromeKey {
            var style = try reader.style(of: key, in: table)
            let role = ThemeRole(key)
            style.monochromeAttributes = monochrome[role] ?? monochromeDefaults[role] ?? []
            styles[role] = style
        }
        let missing = roles.filter { styles[$0] == nil }
        guard missing.isEmpty else {
            throw ThemeError(file: file, problem: .missingRoles(missing.map(\.rawValue)))
        }
        self.init(name: name, roles: styles)
    }
}
