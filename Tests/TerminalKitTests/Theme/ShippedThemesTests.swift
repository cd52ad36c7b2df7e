import Foundation
import Testing
import TerminalKit

@Suite("The themes in Themes/")
struct ShippedThemesTests {
    let loader = ThemeLoader(roles: allRoles, userThemesDirectory: nil)

    @Test("every file in Themes/ gives every role a colour and names no unknown role")
    func everyFileLoads() throws {
        let files = try FileManager.default.contentsOfDirectory(at: themesFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.deletingPathExtension().lastPathComponent
            let definition = try ThemeDefinition(parsing: text, name: name, file: "Themes/\(file.lastPathComponent)", roles: allRoles)
            #expect(Set(definition.roles.keys) == Set(allRoles), "\(name)")
        }
    }

    @Test("the binary carries every file of Themes/, as it is now")
    func builtinsMatchTheFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(at: themesFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }
        #expect(loader.builtinNames == files.map { $0.deletingPathExtension().lastPathComponent }.sorted())
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let fromFolder = try ThemeDefinition(
                parsing: String(contentsOf: file, encoding: .utf8), name: name, file: file.lastPathComponent, roles: allRoles
            )
            #expect(try loader.definition(named: name) == fromFolder, "\(name)")
        }
    }

    @Test("the issue's five themes are built in")
    func requiredThemes() {
        #expect(Set(["default", "light", "high-contrast", "solarized-dark", "monochrome"]).isSubset(of: loader.builtinNames))
    }

    @Test("production and selection stand out from ordinary text in every theme on every terminal")
    func productionAndSelectionStandOut() throws {
        for name in loader.builtinNames {
            for level in ColorLevel.allCases {
                let theme = loader.theme(named: name, for: level).theme
                #expect(theme.style(.productionBadge) != theme.style(.text), "\(name) at \(level)")
                #expect(theme.style(.environmentProduction) != theme.style(.text), "\(name) at \(level)")
                #expect(theme.style(.selection) != theme.style(.text), "\(name) at \(level)")
            }
        }
    }

    @Test("the production badge is white on red wherever there is colour")
    func productionBadgeIsWhiteOnRed() throws {
        let theme = loader.theme(named: "default", for: .ansi16).theme
        #expect(theme.style(.productionBadge).foreground == .ansi(15))
        #expect(theme.style(.productionBadge).background == .ansi(1))
        #expect(loader.theme(named: "default", for: .monochrome).theme.style(.productionBadge).attributes == [.bold, .reverse])
    }

    @Test("the monochrome theme uses the terminal's own colours on any terminal")
    func monochromeHasNoColours() {
        let theme = loader.theme(named: "monochrome", for: .direct).theme
        for role in allRoles {
            #expect(theme.style(role).foreground == .default)
            #expect(theme.style(role).background == .default)
        }
        #expect(theme.style(.selection).attributes == .reverse)
    }
}
