import Testing
import TerminalKit

@Suite("What a theme file may say, and the errors when it says something else")
struct ThemeFileErrorTests {
    let roles: [ThemeRole] = [.text, .selection, .error]

    func parse(_ text: String) throws(ThemeError) -> ThemeDefinition {
        try ThemeDefinition(parsing: text, name: "test", file: "Themes/test.toml", roles: roles)
    }

    func error(_ text: String) -> ThemeError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a role is a colour for its text, a { fg, bg, attrs } table, or dotted keys")
    func forms() throws {
        let definition = try parse("""
            text = 244
            selection = { fg = "#FFFFFF", bg = "blue", attrs = "bold, reverse" }
            error.fg = "bright-red"
            error.attrs = "bold"

            [monochrome]
            error = "bold underline"
            """)
        #expect(definition.roles[.text] == ThemeRoleStyle(foreground: .indexed(244)))
        #expect(definition.roles[.selection] == ThemeRoleStyle(
            foreground: .rgb(red: 255, green: 255, blue: 255), background: .ansi(4), attributes: [.bold, .reverse], monochromeAttributes: .reverse
        ))
        #expect(definition.roles[.error] == ThemeRoleStyle(foreground: .ansi(9), attributes: .bold, monochromeAttributes: [.bold, .underline]))
    }

    @Test("an unknown role names its line and the roles there are")
    func unknownRole() {
        let error = error("""
            text = "default"
            # the next line is a typo
            selektion = "blue"
            selection = "blue"
            error = "red"
            """)
        #expect(error?.description == #"Themes/test.toml:3: "selektion" is not a role: the roles are text, selection, error, monochrome"#)
    }

    @Test("an unknown role in [monochrome] names its line")
    func unknownMonochromeRole() {
        let error = error("text = 1\nselection = 2\nerror = 3\n\n[monochrome]\nbanner = \"bold\"\n")
        #expect(error?.line == 6)
        #expect(error?.problem == .unknownRole("banner", known: ["text", "selection", "error", "monochrome"]))
    }

    @Test("a bad colour names its line, the value and what a colour is", arguments: [
        ("\"#12345\"", "\"#12345\""), ("\"purple\"", "\"purple\""), ("256", "256"), ("true", "true"),
    ])
    func badColour(value: String, shown: String) {
        let error = error("text = \"default\"\nselection = { fg = \(value) }\nerror = \"red\"\n")
        #expect(error?.description == "Themes/test.toml:2: \(shown) is not a colour: write #rrggbb, 0–255, a colour name or default")
    }

    @Test("a bad colour in a dotted key names that key's line")
    func badDottedColour() {
        let error = error("text = 1\nselection.fg = 2\nselection.bg = \"#zzzzzz\"\nerror = 3\n")
        #expect(error?.line == 3)
    }

    @Test("a word that is no attribute names its line")
    func badAttribute() {
        let error = error("text = 1\nselection = { attrs = \"bold blink\" }\nerror = 3\n")
        #expect(error?.description == #"Themes/test.toml:2: "blink" is not an attribute: write bold, dim, reverse, underline, italic or none"#)
    }

    @Test("a key in a role's table other than fg, bg and attrs names its line")
    func unknownField() {
        let error = error("text = 1\nselection = 2\nerror = { colour = \"red\" }\n")
        #expect(error?.description == #"Themes/test.toml:3: error has no "colour": a role takes fg, bg and attrs"#)
    }

    @Test("roles the file leaves out are named")
    func missingRoles() {
        let error = error("text = 1\n")
        #expect(error?.description == "Themes/test.toml: no colour for selection, error: a theme gives every role a colour")
    }

    @Test("a syntax error names its line and the parser's words")
    func syntaxError() {
        let error = error("text = 1\nselection = \"#fff\n error = 3\n")
        #expect(error?.file == "Themes/test.toml")
        #expect(error?.line == 2)
        #expect(error?.description.hasPrefix("Themes/test.toml:2: this is not TOML: ") == true)
    }

    @Test("a role left out of [monochrome] takes TerminalKit's default attributes")
    func monochromeDefaults() throws {
        let definition = try parse("text = 1\nselection = 2\nerror = 3\n")
        #expect(definition.roles[.selection]?.monochromeAttributes == .reverse)
        #expect(definition.roles[.error]?.monochromeAttributes == [.bold, .reverse])
    }
}
