import Foundation

/// A file holding a signed-in user's web auth token, readable by its owner only: where ckdash keeps the token
/// the server last rotated to, when the user asks, so that the next session signs in with it.
public enum WebAuthTokenFile {
    /// Replaces `path` with a file holding `token`, its owner's alone from the start: written beside it under
    /// another name, then renamed over it, so that a reader never finds it empty.
    public static func write(_ token: String, to path: String) throws {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
