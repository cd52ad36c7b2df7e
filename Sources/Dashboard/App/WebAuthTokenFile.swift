import Foundation

/// A file holding a signed-in user's web auth token, readable by its owner only: where ckdash keeps the token
/// the server last rotated to, when the user asks, so that the next session signs in with it.
public enum WebAuthTokenFile {
    /// Writes `token` to `path` (replacing what was there) and makes the file its owner's alone.
    public static func write(_ token: String, to path: String) throws {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try Data((token + "\n").utf8).write(to: url)
    }
}
