import Foundation
import PackagePlugin

/// Compiles the top-level `Themes/*.toml` into the target it is applied to, so the built binary carries the
/// built-in themes and works from any directory.
@main
struct ThemeEmbedderPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let themes = context.package.directoryURL.appending(path: "Themes").resolvingSymlinksInPath()
        let files = try FileManager.default.contentsOfDirectory(at: themes, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinThemeFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) themes from Themes/",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
