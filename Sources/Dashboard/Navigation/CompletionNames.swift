import TerminalKit

/// The names the command palette completes after a command, learned as screens load them.
struct CompletionNames: Sendable {
    /// Names by kind.
    var names: [CompletionKind: [String]] = [:]
    /// The themes there are.
    var themes: [String]
    /// Whether the commands that change something are left out (a read-only session).
    var leavesOutChanges = false
    /// Whether the session has data API credentials only: the commands of the management API's screens then say
    /// they need it.
    var lacksManagementAPI = false
    /// Whether the schema comes from a file, which the schema's screens can show without the management API.
    var hasSchemaFile = false

    /// The completions for `typed`: the commands while the first word is typed, then that command's arguments.
    func completions(for typed: String) -> [Completion] {
        let words = typed.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count > 1, let entry = PaletteCommand.catalogue.first(where: { $0.name == words[0].lowercased() }), let argument = entry.argument else {
            return PaletteCommand.catalogue.filter { !leavesOutChanges || (try? PaletteCommand(parsing: $0.name))?.changesData != true }
                .map { Completion($0.name, detail: needsManagementAPI($0.name) ? "needs ckserver's management API (CloudKit Console's)" : $0.detail) }
        }
        let values: [String] = switch argument {
        case .recordType: names[.recordType] ?? []
        case .environment: ["development", "production"]
        case .database: ["public"] + (names[.user] ?? []).flatMap { ["private \($0)", "shared \($0)"] }
        case .user: ["-"] + (names[.user] ?? [])
        case .container: names[.container] ?? []
        case .zone: ["-"] + (names[.zone] ?? [])
        case .theme: themes
        }
        return values.map { Completion("\(entry.name) \($0)") }
    }

    /// Whether the command `name` opens a screen (or acts as a user) that needs the management API the session lacks.
    private func needsManagementAPI(_ name: String) -> Bool {
        // `:deploy` still compares two files.
        guard lacksManagementAPI, name != "deploy" else { return false }
        switch try? PaletteCommand(parsing: name) {
        case .open(let destination)?: return destination.needsManagementAPI(schemaFromFile: hasSchemaFile)
        case .actAs?: return true
        default: return false
        }
    }
}
