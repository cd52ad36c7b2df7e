import CKServer
import CommandLineSupport
import Foundation
import Logging

/// With no server given, ckdash and its commands use the embedded server on the data folder the dashboard uses, so
/// `ckdash schema export` reads what the dashboard changed.
extension ConnectionOptions {
    /// The embedded server, started on `embeddedDataFolder`, when no server is given; `nil` when one is. Data API
    /// credentials are for a server the user names (Apple's, or a ckserver): with them and no server, this fails
    /// rather than quietly answering from the embedded demo.
    func embeddedServerIfNoneGiven(variables: [String: String]) async throws -> EmbeddedServer? {
        guard try !givesServer(variables: variables) else { return nil }
        guard try dataCredentials(sources: SettingSources(variables: variables, profile: chosenProfile(variables: variables))) == nil else {
            throw CommandFailure(
                "data API credentials are for a server you name: give --server https://api.apple-cloudkit.com (Apple's CloudKit) or a ckserver's URL")
        }
        return try await EmbeddedServer.start(
            dataDirectory: embeddedDataFolder(variables: variables), logger: Logger(label: "ckserver") { _ in SwiftLogNoOpLogHandler() })
    }

    /// `--data-dir`, else `$XDG_DATA_HOME/ckdash`, else `~/.local/share/ckdash`.
    func embeddedDataFolder(variables: [String: String]) -> URL {
        if let dataDirectory { return URL(fileURLWithPath: (dataDirectory as NSString).expandingTildeInPath, isDirectory: true) }
        if let data = variables["XDG_DATA_HOME"], data.hasPrefix("/") { return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("ckdash") }
        let home = variables["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/ckdash")
    }
}
