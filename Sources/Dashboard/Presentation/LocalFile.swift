import Foundation

/// Paths the user types for exports and downloads.
enum LocalFile {
    /// `path` with a leading `~` as the home folder (`$HOME`, as the shell reads it) and `~user` as that user's,
    /// relative paths taken from the current directory.
    static func url(for path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        var expanded = path
        if path == "~" || path.hasPrefix("~/") {
            expanded = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + path.dropFirst()
        } else if path.hasPrefix("~") {
            expanded = (path as NSString).expandingTildeInPath  // ~user/…: that user's home folder
        }
        return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }
}
