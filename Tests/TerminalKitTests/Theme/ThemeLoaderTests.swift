import Foundation
import Testing
import TerminalKit

@Suite("Finding and loading themes")
struct ThemeLoaderTests {
    /// A small valid theme: every role in the terminal's colours, selection green.
    static func validTheme(selection: String = "green") -> String {
        allRoles.map { "\($0.rawValue) = \($0 == .selection ? "\"\(selection)\"" : "\"default\"")" }.joined(separator: "\n") + "\n"
    }

    @Test("a user's theme file overrides the built-in of the same name")
    func userFileOverridesBuiltin() throws {
        let folder = try userThemesFolder(["default.toml": Self.validTheme()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = ThemeLoader(roles: allRoles, userThemesDirectory: folder).theme(named: "default", for: .ansi16)
        #expect(loaded.error == nil)
        #expect(loaded.theme.style(.selection).foreground == .ansi(2))
    }

    @Test("a user's own theme is listed with the built-in ones and loads by its name")
    func userThemeIsAvailable() throws {
        let folder = try userThemesFolder(["nord.toml": Self.validTheme(selection: "#88c0d0"), "notes.txt": "not a theme"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = ThemeLoader(roles: allRoles, userThemesDirectory: folder)
        #expect(loader.availableNames == (loader.builtinNames + ["nord"]).sorted())
        let loaded = loader.theme(named: "nord", for: .direct)
        #expect(loaded.error == nil)
        #expect(loaded.theme.name == "nord")
        #expect(loaded.theme.style(.selection).foreground == .rgb(red: 0x88, green: 0xC0, blue: 0xD0))
    }

    @Test("a user's theme with an error gives the error, with file and line, and the default theme")
    func userThemeWithError() throws {
        let text = Self.validTheme().replacingOccurrences(of: "selection = \"green\"", with: "selection = \"#12345\"")
        let folder = try userThemesFolder(["broken.toml": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = ThemeLoader(roles: allRoles, userThemesDirectory: folder)
        let loaded = loader.theme(named: "broken", for: .direct)
        let line = try #require(text.split(separator: "\n").firstIndex { $0.hasPrefix("selection =") }) + 1
        let file = folder.appending(path: "broken.toml").path
        #expect(loaded.error == ThemeError(file: file, line: line, problem: .notAColour("\"#12345\"")))
        #expect(loaded.error?.description == "\(file):\(line): \"#12345\" is not a colour: write #rrggbb, 0–255, a colour name or default")
        #expect(loaded.theme.name == "default")
        #expect(loaded.theme.styles == (try loader.definition(named: "default").resolved(for: .direct).styles))
    }

    @Test("a broken user default.toml falls back to the built-in default")
    func brokenUserDefault() throws {
        let folder = try userThemesFolder(["default.toml": "text = \n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = ThemeLoader(roles: allRoles, userThemesDirectory: folder).theme(named: "default", for: .indexed256)
        #expect(loaded.error?.line == 1)
        #expect(loaded.theme.style(.selection).background == .indexed(25))
    }

    @Test("a name no theme has is an error listing the themes there are")
    func unknownTheme() {
        let loader = ThemeLoader(roles: allRoles, userThemesDirectory: nil)
        let loaded = loader.theme(named: "nord", for: .direct)
        #expect(loaded.error == ThemeError(file: nil, problem: .unknownTheme("nord", available: loader.builtinNames)))
        #expect(loaded.error?.description.hasPrefix("there is no theme named \"nord\": choose default, ") == true)
        #expect(loaded.theme.name == "default")
    }

    @Test("the user's themes are in $XDG_CONFIG_HOME/ckdash/themes, else ~/.config/ckdash/themes")
    func userThemesDirectory() {
        #expect(ThemeLoader.userThemesDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"])?.path == "/cfg/ckdash/themes")
        #expect(ThemeLoader.userThemesDirectory(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"])?.path == "/home/a/.config/ckdash/themes")
        #expect(ThemeLoader.userThemesDirectory(environment: [:]) == nil)
    }
}
