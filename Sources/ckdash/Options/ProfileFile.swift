import CommandLineSupport
import Foundation
import TOMLKit

/// `$XDG_CONFIG_HOME/ckdash/config.toml` (by default `~/.config/ckdash/config.toml`): named connection
/// profiles under `[profiles.NAME]`, and `profile = "NAME"` for the one used when none is chosen.
struct ProfileFile {
    /// The file's contents; `nil` when there is no file.
    var table: TOMLTable?
    /// Where it was read from, for messages.
    var path: String

    /// The keys a profile may set.
    static let keys: Set<String> = [
        "server", "container", "environment", "database", "token", "as-user", "theme", "api-token", "api-token-file", "web-auth-token",
        "web-auth-token-file", "key-id", "key", "schema",
    ]

    /// ckdash's folder of settings: `$XDG_CONFIG_HOME/ckdash`, by default `~/.config/ckdash`.
    static func configFolder(variables: [String: String]) -> String {
        let home = variables["HOME"] ?? NSHomeDirectory()
        let base = variables["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/ckdash"
    }

    /// Reads the file named by the environment variables; a missing file is an empty one, and a file that is
    /// not TOML is a failure naming its line.
    static func load(variables: [String: String]) throws -> ProfileFile {
        let path = configFolder(variables: variables) + "/config.toml"
        guard let data = FileManager.default.contents(atPath: path) else {
            return ProfileFile(table: nil, path: path)
        }
        do {
            return ProfileFile(table: try TOMLTable(string: String(decoding: data, as: UTF8.self)), path: path)
        } catch let error as TOMLParseError {
            throw CommandFailure("\(path):\(error.source.begin.line): \(error.description)")
        }
    }

    /// The profile's settings by key: the one named, else the file's default, else none. Naming a profile
    /// the file does not have, or setting an unknown key or a value that is not text in it, is an error.
    func profile(named name: String?) throws -> [String: String] {
        guard let chosen = name ?? table?["profile"]?.string else { return [:] }
        let profiles = table?["profiles"]?.table
        guard let profile = profiles?[chosen]?.table else {
            let names = profiles?.keys.sorted() ?? []
            let known = names.isEmpty ? "it has no profiles" : "it has " + names.joined(separator: ", ")
            throw CommandFailure("there is no profile \(chosen) in \(path) (\(known))")
        }
        var settings: [String: String] = [:]
        for key in profile.keys {
            guard Self.keys.contains(key) else {
                throw CommandFailure("\(path): profile \(chosen) sets \(key), which is not one of \(Self.keys.sorted().joined(separator: ", "))")
            }
            guard let value = profile[key]?.string else {
                throw CommandFailure("\(path): profile \(chosen) sets \(key) to something other than text: write it in quotes")
            }
            settings[key] = value
        }
        return settings
    }
}
