import CommandLineSupport
import Foundation

/// `$XDG_CONFIG_HOME/ckdash/config.toml` (by default `~/.config/ckdash/config.toml`): named connection
/// profiles under `[profiles.NAME]`, and `profile = "NAME"` for the one used when none is chosen.
struct ProfileFile {
    /// The file's contents; empty when there is no file.
    var table: TOMLTable?
    /// Where it was read from, for messages.
    var path: String

    /// The keys a profile may set.
    static let keys: Set<String> = ["server", "container", "environment", "database", "token", "as-user", "theme"]

    /// Reads the file named by the environment variables; a missing file is an empty one.
    static func load(variables: [String: String]) throws -> ProfileFile {
        let home = variables["HOME"] ?? NSHomeDirectory()
        let base = variables["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let path = base + "/ckdash/config.toml"
        guard let data = FileManager.default.contents(atPath: path) else {
            return ProfileFile(table: nil, path: path)
        }
        do {
            return ProfileFile(table: try TOMLTable(parsing: String(decoding: data, as: UTF8.self)), path: path)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
    }

    /// The profile's settings by key: the one named, else the file's default, else none. Naming a profile
    /// the file does not have, or setting an unknown key in it, is an error.
    func profile(named name: String?) throws -> [String: String] {
        guard let chosen = name ?? table?["profile"] else { return [:] }
        let names = table?.tableNames(under: "profiles") ?? []
        guard names.contains(chosen) else {
            let known = names.isEmpty ? "it has no profiles" : "it has " + names.joined(separator: ", ")
            throw CommandFailure("there is no profile \(chosen) in \(path) (\(known))")
        }
        let prefix = "profiles.\(chosen)."
        var settings: [String: String] = [:]
        for (key, value) in table?.values ?? [:] where key.hasPrefix(prefix) {
            let name = String(key.dropFirst(prefix.count))
            guard Self.keys.contains(name) else {
                throw CommandFailure("\(path): profile \(chosen) sets \(name), which is not one of \(Self.keys.sorted().joined(separator: ", "))")
            }
            settings[name] = value
        }
        return settings
    }
}
