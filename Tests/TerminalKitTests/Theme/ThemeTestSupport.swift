import Foundation
import TerminalKit

/// The roles the dashboard adds to TerminalKit's, which every shipped theme gives.
let dashboardRoles = ["breadcrumb", "environment-development", "environment-production", "production-badge", "read-only-badge"]
    .map(ThemeRole.init)

extension ThemeRole {
    /// The dashboard's production badge, as the dashboard declares it.
    static let productionBadge = ThemeRole("production-badge")
    /// The production environment in the breadcrumb, as the dashboard declares it.
    static let environmentProduction = ThemeRole("environment-production")
}

/// TerminalKit's roles and the dashboard's: what the shipped themes are checked against.
let allRoles = ThemeRole.widgetRoles + dashboardRoles

/// The repository's `Themes/` folder, the source of the built-in themes.
let themesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Themes").resolvingSymlinksInPath()

/// A fresh folder of user theme files holding `files` (name → text), removed by the caller.
func userThemesFolder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "ckdash-themes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
        try Data(text.utf8).write(to: folder.appending(path: name))
    }
    return folder
}

/// A theme of one role, `text`, with the given colours, resolved for `level`.
func resolvedText(_ foreground: TerminalColor, background: TerminalColor = .default, attributes: TextAttributes = [], for level: ColorLevel) -> Style {
    let definition = ThemeDefinition(name: "test", roles: [
        .text: ThemeRoleStyle(foreground: foreground, background: background, attributes: attributes, monochromeAttributes: .underline),
    ])
    return definition.resolved(for: level).style(.text)
}
