import Foundation

/// Finds themes by name, a user's own first and then the ones the binary carries, and reads them for a
/// terminal; a theme with an error gives that error together with the built-in default theme, so the
/// application can show the message and keep going.
public struct ThemeLoader: Sendable {
    /// The theme used when none is chosen and when the chosen one has an error.
    public static let defaultThemeName = "default"

    /// The roles every theme gives: TerminalKit's and the application's.
    public var roles: [ThemeRole]
    /// A role's attributes on a terminal without colour when its theme's `[monochrome]` table leaves it out.
    public var monochromeDefaults: [ThemeRole: TextAttributes]
    /// The folder of the user's own theme files (`$XDG_CONFIG_HOME/ckdash/themes`); `nil` for none.
    public var userThemesDirectory: URL?
    /// The text of each built-in theme file by name.
    var builtins: [String: String]

    /// A loader of themes giving `roles`, that looks in `userThemesDirectory` before the built-in themes.
    public init(
        roles: [ThemeRole], userThemesDirectory: URL?,
        monochromeDefaults: [ThemeRole: TextAttributes] = ThemeRole.widgetMonochromeAttributes
    ) {
        self.init(roles: roles, userThemesDirectory: userThemesDirectory, monochromeDefaults: monochromeDefaults, builtins: BuiltinThemeFiles.texts)
    }

    /// A loader whose built-in themes are `builtins` rather than the ones the binary carries.
    init(roles: [ThemeRole], userThemesDirectory: URL?, monochromeDefaults: [ThemeRole: TextAttributes], builtins: [String: String]) {
        self.roles = roles
        self.userThemesDirectory = userThemesDirectory
        self.monochromeDefaults = monochromeDefaults
        self.builtins = builtins
    }

    /// The names of the themes the binary carries, sorted.
    public var builtinNames: [String] { builtins.keys.sorted() }

    /// Every theme name there is, built-in or the user's, sorted: what `:theme` completes.
    public var availableNames: [String] {
        Set(builtins.keys).union(userFiles.keys).sorted()
    }

    /// The theme `name` resolved for `level`; when it is missing or has an error, the built-in default theme and
    /// the error.
    public func theme(named name: String, for level: ColorLevel) -> LoadedTheme {
        do {
            return LoadedTheme(theme: try definition(named: name).resolved(for: level), error: nil)
        } catch {
            return LoadedTheme(theme: builtinDefault(for: level), error: error)
        }
    }

    /// The theme `name` as its file defines it: the user's file of that name, or else the built-in one.
    public func definition(named name: String) throws(ThemeError) -> ThemeDefinition {
        if let url = userFiles[name] {
            let text: String
            do {
                text = try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw ThemeError(file: url.path, problem: .unreadable(error.localizedDescription))
            }
            return try parse(text, name: name, file: url.path)
        }
        guard let text = builtins[name] else {
            throw ThemeError(file: nil, problem: .unknownTheme(name, available: availableNames))
        }
        return try parse(text, name: name, file: "Themes/\(name).toml")
    }

    /// The folder of a user's theme files for `environment`: `$XDG_CONFIG_HOME/ckdash/themes`, or
    /// `$HOME/.config/ckdash/themes` when XDG_CONFIG_HOME is unset; `nil` without either.
    public static func userThemesDirectory(environment: [String: String]) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config, isDirectory: true).appending(path: "ckdash/themes", directoryHint: .isDirectory)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true).appending(path: ".config/ckdash/themes", directoryHint: .isDirectory)
        }
        return nil
    }

    /// The user's theme files by theme name.
    private var userFiles: [String: URL] {
        guard let userThemesDirectory,
              let urls = try? FileManager.default.contentsOfDirectory(at: userThemesDirectory.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)
        else { return [:] }
        let files = urls.filter { $0.pathExtension == "toml" }
        return Dictionary(files.map { ($0.deletingPathExtension().lastPathComponent, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func parse(_ text: String, name: String, file: String) throws(ThemeError) -> ThemeDefinition {
        try ThemeDefinition(parsing: text, name: name, file: file, roles: roles, monochromeDefaults: monochromeDefaults)
    }

    /// The built-in default theme for `level`; attributes only should even it fail to load.
    private func builtinDefault(for level: ColorLevel) -> Theme {
        guard let text = builtins[Self.defaultThemeName],
              let definition = try? parse(text, name: Self.defaultThemeName, file: "Themes/\(Self.defaultThemeName).toml")
        else { return .monochrome }
        return definition.resolved(for: level)
    }
}
