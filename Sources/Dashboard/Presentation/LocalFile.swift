import Foundation

/// Paths the user types for exports and downloads.
enum LocalFile {
    /// `path` with `~` expanded, relative paths taken from the current directory.
    static func url(for path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }
}
